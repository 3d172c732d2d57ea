import { Box, Chip, Stack, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { MENU } from '../../contract/menus';
import type { SheetRecord } from '../../contract/sheets';
import { WithTexts } from '../../src/i18n/WithTexts';
import { useServerMenu } from '../../src/layout/useServerMenu';
import { STATE_COLOURS } from './sheetsApi';

function DocumentsOf({ filter }: { filter: { noticeId?: string } }) {
  const translate = useTranslate();
  const list = useGetList<SheetRecord>(
    'sheets',
    { pagination: { page: 1, perPage: 50 }, sort: { field: 'updated_dt', order: 'DESC' }, filter },
    { retry: false },
  );
  if (!list.data?.length) return null;
  return (
    <Box data-testid="linked-documents" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        {translate('sheets.notice_documents')}
      </Typography>
      <Stack spacing={1}>
        {list.data.map((d) => (
          <Box key={d.id} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <Link to={`/sheets/edit?id=${d.id}`}>{d.title}</Link>
            <Chip size="small" color={STATE_COLOURS[d.state]} label={translate(`sheets.states.${d.state}`)} />
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

/**
 * The documents (menu 7) attached to a record of another module: a privacy notice now; a ROPA
 * activity or a breach once their modules pass their id here. Nothing is shown to a role without menu 7.
 */
export function LinkedDocuments({ noticeId }: { noticeId: string }) {
  const { menu } = useServerMenu();
  if (!menu.some((m) => m.menuId === MENU.sheets.menuId)) return null;
  return (
    <WithTexts areas={['sheets']}>
      <DocumentsOf filter={{ noticeId }} />
    </WithTexts>
  );
}

import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import { Suspense } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { MENU } from '../../contract/menus';
import type { SheetRecord } from '../../contract/sheets';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { LoadFailed } from '../../src/components/LoadFailed';
import { LoadingSkeleton } from '../../src/components/LoadingSkeleton';
import { WithTexts } from '../../src/i18n/WithTexts';
import { useServerMenu } from '../../src/layout/useServerMenu';
import { STATE_COLOURS } from './sheetsApi';

/** What the documents are attached to: exactly one of a privacy notice, a ROPA activity, a breach. */
export type DocumentLink = { noticeId: string } | { ropaActivityId: string } | { breachId: string };

const TITLES = { noticeId: 'sheets.notice_documents', ropaActivityId: 'sheets.linked.ropa', breachId: 'sheets.linked.breach' } as const;

function DocumentsOf({ link }: { link: DocumentLink }) {
  const translate = useTranslate();
  const canEdit = useCanEdit('sheets');
  const [key, id] = Object.entries(link)[0] as [keyof typeof TITLES, string];
  const list = useGetList<SheetRecord>(
    'sheets',
    { pagination: { page: 1, perPage: 50 }, sort: { field: 'updated_dt', order: 'DESC' }, filter: { [key]: id } },
    { retry: false },
  );
  return (
    <Box data-testid="linked-documents" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ flex: 1 }}>
          {translate(TITLES[key])}
        </Typography>
        {canEdit ? (
          <Button
            size="small"
            startIcon={<AddIcon />}
            component={Link}
            to={`/sheets/create?${new URLSearchParams({ [key]: id })}`}
            data-testid="linked-documents-create"
          >
            {translate('sheets.linked.create')}
          </Button>
        ) : null}
      </Box>
      {list.isPending ? (
        <LoadingSkeleton shape="card" rows={2} />
      ) : list.error ? (
        <LoadFailed error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data?.length ? (
        <Typography variant="body2" color="text.secondary">
          {translate('sheets.linked.none')}
        </Typography>
      ) : (
        <Stack spacing={1}>
          {list.data.map((d) => (
            <Box key={d.id} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <Link to={`/sheets/edit?id=${d.id}`}>{d.title}</Link>
              <Chip size="small" color={STATE_COLOURS[d.state]} label={translate(`sheets.states.${d.state}`)} />
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}

/**
 * The documents (menu 7) attached to a record of another module — a privacy notice, a ROPA activity,
 * a breach — with a way to make one from a template already attached to it. Nothing is shown to a role
 * without menu 7.
 */
export function LinkedDocuments({ link }: { link: DocumentLink }) {
  const { menu } = useServerMenu();
  if (!menu.some((m) => m.menuId === MENU.sheets.menuId)) return null;
  // its own Suspense: while the documents' texts load, only this section waits, never the record around it
  return (
    <Suspense fallback={<LoadingSkeleton shape="card" rows={2} />}>
      <WithTexts areas={['sheets']}>
        <DocumentsOf link={link} />
      </WithTexts>
    </Suspense>
  );
}

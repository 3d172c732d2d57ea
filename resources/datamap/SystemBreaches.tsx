import { Box, Chip, Stack, Typography } from '@mui/material';
import { Suspense } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { SystemRecord } from '../../contract/datamap';
import { MENU } from '../../contract/menus';
import { formatDate } from '../../i18n/dates';
import { LoadingSkeleton } from '../../src/components/LoadingSkeleton';
import { WithTexts } from '../../src/i18n/WithTexts';
import { useServerMenu } from '../../src/layout/useServerMenu';

function BreachRows({ breaches }: { breaches: SystemRecord['breaches'] }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Box data-testid="system-breaches" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {translate('datamap.systems.breaches')}
      </Typography>
      {breaches.length ? (
        <Stack spacing={1}>
          {breaches.map((b) => (
            <Box key={b.id} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Link to={`/databreach/create/${b.id}`}>
                {b.code} · {b.title}
              </Link>
              <Chip size="small" label={translate(`breach.status.${b.status}`)} />
              <Typography variant="body2" color="text.secondary">
                {formatDate(b.awareAt, locale, true)}
              </Typography>
            </Box>
          ))}
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate('datamap.systems.no_breaches')}
        </Typography>
      )}
    </Box>
  );
}

/** The data breaches (menu 17) that named a system of the data map; nothing to a role without the breach log. */
export function SystemBreaches({ breaches }: { breaches: SystemRecord['breaches'] }) {
  const { menu } = useServerMenu();
  if (!menu.some((m) => m.menuId === MENU.dataBreach.menuId)) return null;
  return (
    <Suspense fallback={<LoadingSkeleton shape="card" rows={2} />}>
      <WithTexts areas={['breach']}>
        <BreachRows breaches={breaches} />
      </WithTexts>
    </Suspense>
  );
}

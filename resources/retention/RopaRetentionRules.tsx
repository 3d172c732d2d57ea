import { Alert, Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import type { AppDataProvider } from '../../dataProvider';
import { useTexts } from '../../src/i18n/i18nProvider';

/**
 * Beside a ROPA activity's own retention text: what the retention rules say of the categories it
 * collects (read-only), and which of them no rule covers. Reads the form's `categoryIds`.
 */
export function RopaRetentionRules() {
  useTexts('retention');
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const categoryIds = (useWatch({ name: 'categoryIds' }) as string[] | undefined) ?? [];
  const rules = useQuery({
    queryKey: ['retention-rules', 'ropa', [...categoryIds].sort().join(',')],
    queryFn: () => dataProvider.ropaRetention({ categoryIds }),
    enabled: categoryIds.length > 0,
  });
  if (!categoryIds.length || !rules.data) return null;
  const { data, uncovered } = rules.data;
  return (
    <Box data-testid="ropa-retention-rules" sx={{ px: 1.5, py: 1, bgcolor: 'action.hover', borderRadius: 1 }}>
      <Typography variant="subtitle2">{translate('retention.ropa.title')}</Typography>
      {data.length ? (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {data.map((r, i) => (
            <Typography component="li" variant="body2" key={i}>
              {`${r.category} · ${r.system ?? translate('retention.rules.every_system')}: `}
              {translate('retention.period_text', {
                period: r.period,
                unit: translate(`retention.units.${r.unit}`),
                event: translate(`retention.events.${r.startEvent}`),
                action: translate(`retention.actions.${r.endAction}`),
              })}
              {r.law ? ` (${translate(`retention.laws.${r.law}.name`)})` : ''}
            </Typography>
          ))}
        </Box>
      ) : (
        <Typography variant="body2">{translate('retention.ropa.none')}</Typography>
      )}
      {uncovered.length ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {translate('retention.ropa.uncovered', { names: uncovered.join(', ') })}{' '}
          <Link to="/retention/rules">{translate('retention.ropa.open')}</Link>
        </Alert>
      ) : null}
    </Box>
  );
}

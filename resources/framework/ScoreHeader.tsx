import RefreshIcon from '@mui/icons-material/Refresh';
import { Box, Button, Card, CardContent, Chip, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/dates';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { useNotifyError } from '../../src/components/ErrorToast';
import { LoadFailed } from '../../src/components/LoadFailed';
import { LoadingSkeleton } from '../../src/components/LoadingSkeleton';
import { FRAMEWORK_CODES } from './codes';
import { scoreText } from './cells';

/** The framework's kept score: overall, each area's, the share scored with no upload, when it was computed, and a refresh. */
export function ScoreHeader() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const client = useQueryClient();
  const canEdit = useCanEdit('dashboard');
  const snapshot = useQuery({ queryKey: ['framework', 'snapshot'], queryFn: () => dataProvider.frameworkSnapshot(), retry: false });
  const refresh = useMutation({
    mutationFn: () => dataProvider.refreshFramework(),
    onSuccess: (data) => {
      client.setQueryData(['framework', 'snapshot'], data);
      void client.invalidateQueries({ queryKey: ['framework-requirements'] });
      notify('framework.refreshed', { type: 'success' });
    },
    onError: (e) => notifyError(e, FRAMEWORK_CODES.refresh),
  });
  return (
    <Card variant="outlined" sx={{ mb: 2 }} data-testid="framework-score" aria-busy={snapshot.isPending || undefined}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap' }}>
          <Box sx={{ flex: 1, minWidth: 260 }}>
            <Typography variant="h5" component="h1">
              {translate('framework.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('framework.subtitle')}
            </Typography>
          </Box>
          {canEdit ? (
            <Button variant="outlined" startIcon={<RefreshIcon />} loading={refresh.isPending} onClick={() => refresh.mutate()}>
              {translate('framework.refresh')}
            </Button>
          ) : null}
        </Box>
        {snapshot.isPending ? (
          <LoadingSkeleton shape="card" />
        ) : snapshot.isError ? (
          <LoadFailed error={snapshot.error} screenCode={FRAMEWORK_CODES.score} onRetry={() => void snapshot.refetch()} />
        ) : (
          <Box sx={{ mt: 2 }}>
            <Typography variant="h3" component="p" color="primary" data-testid="framework-overall">
              {scoreText(snapshot.data.score)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('framework.automatic_share', {
                automatic: snapshot.data.automatic,
                total: snapshot.data.total,
                share: Math.round((100 * snapshot.data.automatic) / snapshot.data.total),
              })}
              {' · '}
              {translate('framework.computed_at', { at: formatDate(snapshot.data.computedAt, locale, true) })}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
              {snapshot.data.areas.map((a) => (
                <Chip key={a.area} variant="outlined" label={`${translate(`framework.areas.${a.area}`)} ${scoreText(a.score)}`} />
              ))}
            </Box>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

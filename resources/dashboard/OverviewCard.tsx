import HistoryIcon from '@mui/icons-material/History';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useGetList, useLocaleState, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { MENU } from '../../contract/menus';
import { formatDate } from '../../i18n/dates';
import { LoadFailed } from '../../src/components/LoadFailed';
import { LoadingSkeleton } from '../../src/components/LoadingSkeleton';
import { LATEST_NOTIFICATIONS, type NotificationRecord } from '../../src/layout/NotificationBell';
import { useServerMenu } from '../../src/layout/useServerMenu';
import { useCompanyProfile } from '../company/companyApi';

/** The company the dashboard is about, its latest notifications and, for the settings menu, the audit trail. */
export function OverviewCard() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { menu } = useServerMenu();
  const company = useCompanyProfile();
  const notifications = useGetList<NotificationRecord>('notifications', LATEST_NOTIFICATIONS, { retry: false });
  const detail = company.data?.company.companyDetail;
  const companyName = (locale === 'en' ? detail?.nameEn : detail?.nameTh) || company.data?.company.companyCode;
  return (
    <Card variant="outlined" data-testid="dashboard-overview">
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {translate('pages.dashboard.company')}
        </Typography>
        {company.isPending ? <LoadingSkeleton shape="card" /> : null}
        {company.error ? <LoadFailed error={company.error} onRetry={() => void company.refetch()} /> : null}
        {companyName ? (
          <Typography variant="h6" component="p" sx={{ mb: 2 }}>
            {companyName}
          </Typography>
        ) : null}
        <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
          {translate('pages.dashboard.latest')}
        </Typography>
        {notifications.isPending ? <LoadingSkeleton shape="list" rows={3} /> : null}
        {notifications.error ? <LoadFailed error={notifications.error} onRetry={() => void notifications.refetch()} /> : null}
        {notifications.data?.map((n) => (
          <Box key={n._id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
            <Typography variant="body2">{translate(`notifications.kinds.${n.kind}`, n.params)}</Typography>
            <Typography variant="caption" color="text.secondary">
              {formatDate(n.created_dt, locale, true)}
            </Typography>
          </Box>
        ))}
        {menu.some((m) => m.menuId === MENU.settings.menuId) ? (
          <Button component={Link} to="/settings/audit" startIcon={<HistoryIcon />} sx={{ mt: 1 }}>
            {translate('audit.open_link')}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

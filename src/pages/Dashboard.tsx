import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import HistoryIcon from '@mui/icons-material/History';
import { Link } from 'react-router-dom';
import { MENU } from '../../contract/menus';
import { Title, useGetList, useLocaleState, useTranslate } from 'react-admin';
import { useCompanyProfile } from '../../resources/company-settings/companyApi';
import { LoadFailed } from '../components/LoadFailed';
import { LoadingSkeleton } from '../components/LoadingSkeleton';
import { formatDate } from '../../i18n/dates';
import { LATEST_NOTIFICATIONS, type NotificationRecord } from '../layout/NotificationBell';
import { useServerMenu } from '../layout/useServerMenu';
import { useTexts } from '../i18n/i18nProvider';

interface StatProps {
  label: string;
  value: string | number | undefined;
  isPending?: boolean;
  error?: unknown;
  onRetry?: () => void;
}

/** A dashboard card: a skeleton while it loads, the failure with a retry, or its figure. */
function Stat({ label, value, isPending, error, onRetry }: StatProps) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" aria-busy={isPending || undefined}>
      <CardContent>
        <Typography color="text.secondary" variant="body2">
          {label}
        </Typography>
        {isPending ? (
          <LoadingSkeleton shape="card" />
        ) : error ? (
          <Typography variant="body2" color="error" component="p" role="alert">
            {translate('app.load_failed')}{' '}
            <Button size="small" onClick={onRetry}>
              {translate('app.retry')}
            </Button>
          </Typography>
        ) : (
          <Typography variant="h5" component="p">
            {value}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** `/dashboard`: what exists so far; each module adds its summary as it lands. */
export default function Dashboard() {
  useTexts('audit');
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { menu, isPending: menuPending } = useServerMenu();
  const company = useCompanyProfile();
  const notifications = useGetList<NotificationRecord>('notifications', LATEST_NOTIFICATIONS, { retry: false });
  const unread = (notifications.meta as { unread?: number } | undefined)?.unread;
  const detail = company.data?.company.companyDetail;
  const companyName = (locale === 'en' ? detail?.nameEn : detail?.nameTh) || company.data?.company.companyCode;
  return (
    <Box sx={{ p: { xs: 1, sm: 3 } }}>
      <Title title={translate('pages.dashboard.title')} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', mb: 3 }}>
        <Stat
          label={translate('pages.dashboard.company')}
          value={companyName}
          isPending={company.isPending}
          error={company.error}
          onRetry={() => void company.refetch()}
        />
        <Stat label={translate('pages.dashboard.menus')} value={menu.length} isPending={menuPending} />
        <Stat
          label={translate('pages.dashboard.unread')}
          value={unread}
          isPending={notifications.isPending}
          error={notifications.error}
          onRetry={() => void notifications.refetch()}
        />
      </Box>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {translate('pages.dashboard.latest')}
          </Typography>
          {notifications.isPending ? <LoadingSkeleton shape="list" rows={3} /> : null}
          {notifications.error ? <LoadFailed error={notifications.error} onRetry={() => void notifications.refetch()} /> : null}
          {notifications.data?.map((n) => (
            <Box key={n._id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
              <Typography>{translate(`notifications.kinds.${n.kind}`, n.params)}</Typography>
              <Typography variant="caption" color="text.secondary">
                {formatDate(n.created_dt, locale, true)}
              </Typography>
            </Box>
          ))}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {translate('pages.dashboard.modules_coming')}
          </Typography>
          {menu.some((m) => m.menuId === MENU.settings.menuId) ? (
            <Button component={Link} to="/settings/audit" startIcon={<HistoryIcon />} sx={{ mt: 1 }}>
              {translate('audit.open_link')}
            </Button>
          ) : null}
        </CardContent>
      </Card>
    </Box>
  );
}

import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import HistoryIcon from '@mui/icons-material/History';
import { Link } from 'react-router-dom';
import { MENU } from '../../contract/menus';
import { useQuery } from '@tanstack/react-query';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import type { Notification } from '../../contract/notifications';
import { callApi } from '../../dataProvider/http';
import { formatDate } from '../../i18n/dates';
import { useServerMenu } from '../layout/useServerMenu';
import { useTexts } from '../i18n/i18nProvider';

interface CompanyReply {
  company: { companyCode: string; companyDetail: { nameTh: string; nameEn: string } };
}

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography color="text.secondary" variant="body2">
          {label}
        </Typography>
        <Typography variant="h5" component="p">
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** `/dashboard`: what exists so far; each module adds its summary as it lands. */
export default function Dashboard() {
  useTexts('audit');
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { menu } = useServerMenu();
  const company = useQuery({ queryKey: ['company'], queryFn: () => callApi<CompanyReply>('/setting/company/fetch') });
  const notifications = useQuery({
    queryKey: ['notifications', 'dashboard'],
    queryFn: () =>
      callApi<{ notificationList: Notification[]; unread: number }>('/user/notification/list', {
        query: { currentPage: 1, limit: 5 },
      }),
  });
  const detail = company.data?.company.companyDetail;
  const companyName = (locale === 'en' ? detail?.nameEn : detail?.nameTh) || company.data?.company.companyCode || '…';
  return (
    <Box sx={{ p: { xs: 1, sm: 3 } }}>
      <Title title={translate('pages.dashboard.title')} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', mb: 3 }}>
        <Stat label={translate('pages.dashboard.company')} value={companyName} />
        <Stat label={translate('pages.dashboard.menus')} value={menu.length} />
        <Stat label={translate('pages.dashboard.unread')} value={notifications.data?.unread ?? '…'} />
      </Box>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {translate('pages.dashboard.latest')}
          </Typography>
          {notifications.data?.notificationList.map((n) => (
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

import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/dates';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { useNotifyError } from '../../src/components/ErrorToast';
import { DomainSelect } from './DomainSelect';
import { useCookieDomains } from './useCookieDomains';

/** Cookie names the banner saw that no category declares, with first and last seen; staff sort each into a category. */
export function UndeclaredTab() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const canEdit = useCanEdit('cookie');
  const domains = useCookieDomains();
  const [chosen, setChosen] = useState('');
  const domainId = chosen || domains.data?.[0]?._id || '';
  const cookies = useQuery({
    queryKey: ['cookie-domains', 'undeclared', domainId],
    queryFn: () => dataProvider.cookieUndeclared({ domainId }),
    enabled: !!domainId,
  });
  const setting = useQuery({
    queryKey: ['cookie-domains', 'setting', domainId],
    queryFn: () => dataProvider.cookieSetting({ domainId }),
    enabled: !!domainId,
  });
  const assign = async (name: string, category: string) => {
    try {
      await dataProvider.assignCookieUndeclared({ domainId, name, category });
      notify('cookie.undeclared.assigned', { type: 'success', messageArgs: { name } });
      await queryClient.invalidateQueries({ queryKey: ['cookie-domains'] });
    } catch (err) {
      notifyError(err, 'CKU#002');
    }
  };
  return (
    <Box>
      <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
        <DomainSelect domains={domains.data ?? []} value={domainId} onChange={setChosen} />
      </Stack>
      {cookies.isPending && domainId ? (
        <Skeleton variant="rounded" height={120} aria-busy="true" />
      ) : cookies.isError ? (
        <Alert severity="error" action={<Button onClick={() => cookies.refetch()}>{translate('cookie.log.retry')}</Button>}>
          {translate('cookie.undeclared.failed')}
        </Alert>
      ) : !cookies.data?.length ? (
        <Typography color="text.secondary">{translate('cookie.undeclared.empty')}</Typography>
      ) : (
        <Paper variant="outlined">
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('cookie.undeclared.name')}</TableCell>
                <TableCell>{translate('cookie.undeclared.firstSeen')}</TableCell>
                <TableCell>{translate('cookie.undeclared.lastSeen')}</TableCell>
                <TableCell align="right">{translate('cookie.undeclared.seen')}</TableCell>
                <TableCell>{translate('cookie.undeclared.assign')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {cookies.data.map((c) => (
                <TableRow key={c.name} data-testid="cookie-undeclared-row">
                  <TableCell sx={{ fontFamily: 'monospace' }}>{c.name}</TableCell>
                  <TableCell>{formatDate(c.firstSeen, locale, true)}</TableCell>
                  <TableCell>{formatDate(c.lastSeen, locale, true)}</TableCell>
                  <TableCell align="right">{c.seen}</TableCell>
                  <TableCell>
                    <TextField
                      select
                      size="small"
                      value=""
                      disabled={!canEdit || !setting.data}
                      onChange={(e) => assign(c.name, e.target.value)}
                      sx={{ minWidth: 200 }}
                      slotProps={{
                        select: { displayEmpty: true },
                        htmlInput: { 'aria-label': `${translate('cookie.undeclared.assign')} ${c.name}` },
                      }}
                    >
                      <MenuItem value="" disabled>
                        {translate('cookie.undeclared.assign')}
                      </MenuItem>
                      {(setting.data?.settings.categories ?? []).map((k) => (
                        <MenuItem key={k.key} value={k.key}>
                          {k.name[locale === 'en' ? 'en' : 'th']}
                        </MenuItem>
                      ))}
                    </TextField>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Box>
  );
}

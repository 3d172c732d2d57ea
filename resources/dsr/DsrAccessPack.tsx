import { Alert, Box, Button, Chip, Divider, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { DsrPack } from '../../contract/dsrPack';
import type { DsrRequestDetail } from '../../contract/dsr';
import type { AppDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/dates';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { useNotifyError } from '../../src/components/ErrorToast';
import { LoadFailed } from '../../src/components/LoadFailed';
import { ScreenLoader } from '../../src/components/ScreenLoader';
import { SCREEN } from './dsrApi';
import { DsrPackSendDialog } from './DsrPackSendDialog';

function PackSummary({ pack }: { pack: DsrPack }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const c = pack.content;
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {translate('dsr.pack.built_at', { date: formatDate(pack.builtAt, locale, true), by: pack.builtBy ?? '-' })}
      </Typography>
      <Typography variant="body2" data-testid="dsr-pack-counts">
        {translate('dsr.pack.counts', {
          activities: c.activities.length,
          consents: c.consents.length,
          requests: c.requests.length,
          rows: c.connectorRows.reduce((n, t) => n + t.rows.length, 0),
        })}
      </Typography>
      <Box component="ul" sx={{ pl: 2, my: 1 }}>
        {c.activities.map((a) => (
          <Box component="li" key={a.id}>
            <Typography variant="body2">
              {a.name}{' '}
              <Typography component="span" variant="caption" color="text.secondary">
                ({a.matchedBy.map((m) => translate(`dsr.pack.matched.${m}`)).join(', ')})
              </Typography>
            </Typography>
          </Box>
        ))}
      </Box>
    </>
  );
}

function SentRecord({ sent }: { sent: NonNullable<DsrPack['sent']> }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Box data-testid="dsr-pack-sent">
      <Typography variant="body2">
        {translate('dsr.pack.sent_line', {
          channel: translate(`dsr.pack.channels.${sent.channel}`),
          date: formatDate(sent.sentOn, locale),
          by: sent.by ?? '-',
        })}
      </Typography>
      {sent.to ? <Typography variant="body2">{translate('dsr.pack.sent_to', { to: sent.to })}</Typography> : null}
      {sent.note ? <Typography variant="body2">{sent.note}</Typography> : null}
      <Typography variant="caption" color="text.secondary">
        {translate('dsr.pack.files')}
      </Typography>
      {sent.files.map((f) => (
        <Typography key={f.name} variant="caption" component="div" sx={{ overflowWrap: 'anywhere' }}>
          {f.name}: {f.sha256}
        </Typography>
      ))}
    </Box>
  );
}

/**
 * The access pack of an access or portability request (s.30, s.31): build it, review the letter and
 * the data, then record how it was sent; a sent pack shows what went, when, how and by whom.
 */
export function DsrAccessPack({ request }: { request: DsrRequestDetail }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const canEdit = useCanEdit('consents');
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);
  const key = ['dsr-requests', 'pack', request._id];
  const query = useQuery({ queryKey: key, queryFn: () => dataProvider.dsrAccessPack({ requestId: request._id }), retry: false });
  const saved = (pack: DsrPack, message: string) => {
    queryClient.setQueryData(key, pack);
    notify(message, { type: 'success' });
  };
  const build = useMutation({
    mutationFn: dataProvider.buildDsrAccessPack,
    onSuccess: (pack) => saved(pack, 'dsr.pack.built'),
    onError: (e) => notifyError(e, SCREEN.pack),
  });
  const send = useMutation({
    mutationFn: dataProvider.sendDsrAccessPack,
    onSuccess: (pack) => (setSending(false), saved(pack, 'dsr.pack.sent_saved')),
    onError: (e) => notifyError(e, SCREEN.packSend),
  });
  const download = useMutation({
    mutationFn: (which: 'letter' | 'data') =>
      (which === 'letter' ? dataProvider.downloadDsrPackLetter : dataProvider.downloadDsrPackData)({
        requestId: request._id,
        referenceCode: request.referenceCode,
      }),
    onError: (e) => notifyError(e, SCREEN.pack),
  });
  const pack = query.data;

  return (
    <Box role="region" aria-label={translate('dsr.pack.title')} data-testid="dsr-pack">
      <Divider sx={{ my: 2 }} />
      <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 1 }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          {translate('dsr.pack.title')}
        </Typography>
        {pack ? (
          <Chip
            size="small"
            color={pack.state === 'sent' ? 'success' : 'default'}
            label={translate(pack.state === 'sent' ? 'dsr.pack.sent' : 'dsr.pack.draft')}
          />
        ) : null}
      </Stack>
      {query.isPending ? <ScreenLoader /> : null}
      {query.error ? <LoadFailed error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.isSuccess && !pack ? (
        <Alert severity="info" sx={{ mb: 1 }}>
          {translate('dsr.pack.none')} — {translate('dsr.pack.intro')}
        </Alert>
      ) : null}
      {pack ? <PackSummary pack={pack} /> : null}
      {pack?.sent ? <SentRecord sent={pack.sent} /> : null}
      {query.isSuccess ? (
        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mt: 1 }}>
          {canEdit && !pack?.sent ? (
            <Button
              size="small"
              variant={pack ? 'outlined' : 'contained'}
              disabled={build.isPending}
              onClick={() => build.mutate({ requestId: request._id })}
            >
              {translate(pack ? 'dsr.pack.rebuild' : 'dsr.pack.build')}
            </Button>
          ) : null}
          {pack ? (
            <>
              <Button size="small" variant="outlined" disabled={download.isPending} onClick={() => download.mutate('letter')}>
                {translate('dsr.pack.preview')}
              </Button>
              <Button size="small" variant="outlined" disabled={download.isPending} onClick={() => download.mutate('data')}>
                {translate('dsr.pack.download')}
              </Button>
            </>
          ) : null}
          {canEdit && pack && !pack.sent ? (
            <Button size="small" variant="contained" onClick={() => setSending(true)}>
              {translate('dsr.pack.mark_sent')}
            </Button>
          ) : null}
        </Stack>
      ) : null}
      {sending ? (
        <DsrPackSendDialog
          requestId={request._id}
          email={request.email}
          busy={send.isPending}
          onClose={() => setSending(false)}
          onSave={(body) => send.mutate(body)}
        />
      ) : null}
    </Box>
  );
}

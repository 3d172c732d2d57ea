import CloseIcon from '@mui/icons-material/Close';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Box, Chip, Divider, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { ConsentRow } from '../../../contract/consent';
import { useNotifyError } from '../../../src/components/ErrorToast';
import { RowAction } from '../../../src/components/RowAction';
import { formatDate } from '../../../i18n/dates';
import { CODES } from '../notices/consentApi';
import { ConsentStateChip } from './ConsentStateChip';
import { DialogDrawer } from '../../../src/components/DialogDrawer';

type ConsentEvent = ConsentRow['history'][number];

/** "a9830dbc…7f1e": enough to tell two texts apart at a glance; the whole value is in the tooltip and the copy button. */
export const shortHash = (hash: string) => (hash.length > 16 ? `${hash.slice(0, 8)}…${hash.slice(-4)}` : hash);

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="caption" color="text.secondary" sx={{ pt: '2px' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

function TextHash({ hash }: { hash: string }) {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const copy = () =>
    (navigator.clipboard ? navigator.clipboard.writeText(hash) : Promise.reject(new Error('navigator.clipboard is unavailable'))).then(
      () => notify('consent.records.hash_copied', { type: 'success' }),
      (error) => notifyError(error, CODES.records),
    );
  return (
    <Stack direction="row" alignItems="center" spacing={0.5}>
      <Tooltip title={<Box sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{hash}</Box>} slotProps={{ tooltip: { sx: { maxWidth: 520 } } }}>
        <Box component="code" data-testid="consent-event-hash" data-hash={hash} sx={{ fontFamily: 'monospace', fontSize: '0.8125rem' }}>
          {shortHash(hash)}
        </Box>
      </Tooltip>
      <RowAction label="consent.records.copy_hash" icon={<ContentCopyIcon fontSize="inherit" />} onClick={copy} />
    </Stack>
  );
}

function Event({ event }: { event: ConsentEvent }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Box component="li" data-testid="consent-event" sx={{ mb: 2 }}>
      <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {translate(`consent.actions.${event.action}`)}
        </Typography>
        {event.explicit ? <Chip size="small" variant="outlined" label={translate('consent.records.explicit')} /> : null}
      </Stack>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
        {formatDate(event.created_dt, locale, true)}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.25, alignItems: 'center' }}>
        <Fact label={translate('consent.records.notice_version')}>{event.version}</Fact>
        <Fact label={translate('consent.records.channel')}>{translate(`consent.channels.${event.channel}`, { _: event.channel })}</Fact>
        <Fact label={translate('consent.records.lang')}>{translate(`consent.records.languages.${event.lang}`, { _: event.lang })}</Fact>
        {event.recordedBy ? <Fact label={translate('consent.records.recorded_by')}>{event.recordedBy}</Fact> : null}
        {event.reference ? <Fact label={translate('consent.records.reference')}>{event.reference}</Fact> : null}
        {event.guardian ? (
          <Fact label={translate('consent.records.guardian')}>
            {event.guardian.name} ({event.guardian.relation})
          </Fact>
        ) : null}
        <Fact label={translate('consent.records.text_hash')}>
          <TextHash hash={event.textHash} />
        </Fact>
      </Box>
    </Box>
  );
}

/** One subject's consent to one purpose: who, what, its state now, then every event in the order it happened. */
export function ConsentHistoryDrawer({ row, onClose }: { row: ConsentRow; onClose(): void }) {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <DialogDrawer titleId={titleId} onClose={onClose}>
      <Box sx={{ p: 2 }}>
        <Stack direction="row" alignItems="center" sx={{ mb: 1 }}>
          <Typography id={titleId} variant="h6" sx={{ flex: 1 }}>
            {translate('consent.records.history_title')}
          </Typography>
          <IconButton aria-label={translate('consent.records.close')} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Stack>
        <Typography variant="subtitle1">{row.name || '-'}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {row.subjectId} · {row.email}
        </Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {row.purpose}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {row.projectName} · {translate('consent.records.version')} {row.version}
        </Typography>
        <Box sx={{ mt: 1 }}>
          <ConsentStateChip state={row.state} />
        </Box>
        <Divider sx={{ my: 2 }} />
        <Box component="ol" sx={{ pl: 2.5, m: 0 }} data-testid="consent-history">
          {row.history.map((event, i) => (
            <Event key={i} event={event} />
          ))}
        </Box>
      </Box>
    </DialogDrawer>
  );
}

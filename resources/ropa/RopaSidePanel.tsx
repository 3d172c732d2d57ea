import { Alert, AlertTitle, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { ThaiDateInput } from '../../src/components/ThaiDateInput';
import { Link } from 'react-router-dom';
import { ROPA_MOVES, type RopaDetail, type RopaState } from '../../contract/ropa';
import { formatDate } from '../../i18n/dates';
import type { RopaInformTask } from '../../contract/ropaInform';
import { RopaInformCard } from './RopaInformCard';
import { RopaApproveDialog, RopaSendForReviewDialog } from './RopaReviewDialogs';
import { RopaVersionDiff } from './RopaVersionDiff';
import { STATE_COLOURS } from './ropaUi';

/** The record's state, what s.39 still lacks, the warnings, the state moves and the approved versions. */
export function RopaSidePanel({
  detail,
  canEdit,
  busy,
  onMove,
  onInform,
}: {
  detail: RopaDetail | undefined;
  canEdit: boolean;
  busy: boolean;
  onMove: (to: RopaState, reviewerId?: string | null) => void;
  /** the s.25 task closed or opened again: the record's copy follows */
  onInform: (task: RopaInformTask) => void;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [on, setOn] = useState<string | null>(null);
  // sending for review picks the reviewer; approving asks first; two approved versions side by side
  const [asking, setAsking] = useState<'review' | 'approved' | 'compare' | null>(null);
  if (!detail) return <Alert severity="info">{translate('ropa.form.name_first')}</Alert>;
  const selfRefused = detail.state === 'review' && detail.selfApproval === 'refused';
  const who = (p: { name: string } | null, at: string | null) => (p && at ? `${p.name} · ${formatDate(at, locale, true)}` : null);
  return (
    <Stack spacing={2} data-testid="ropa-side">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip color={STATE_COLOURS[detail.state]} label={translate(`ropa.states.${detail.state}`)} data-testid="ropa-state" />
        {canEdit
          ? ROPA_MOVES[detail.state].map((to) => (
              <Button
                key={to}
                size="small"
                variant={to === 'approved' ? 'contained' : 'outlined'}
                disabled={busy || ((to === 'approved' || to === 'review') && detail.missing.length > 0) || (to === 'approved' && selfRefused)}
                title={to === 'review' && detail.missing.length > 0 ? translate('ropa.review_blocked') : undefined}
                onClick={() => (to === 'review' || to === 'approved' ? setAsking(to) : onMove(to))}
              >
                {translate(`ropa.moves.${to}`)}
              </Button>
            ))
          : null}
      </Box>
      {canEdit && detail.state === 'review' && detail.selfApproval !== 'none' ? (
        <Alert severity={selfRefused ? 'warning' : 'info'} data-testid="ropa-approval-rule">
          {translate(selfRefused ? 'common.approve_dialog.self_refused' : 'ropa.review.self_allowed')}
        </Alert>
      ) : null}
      {detail.state === 'review' && detail.reviewer ? (
        <Typography variant="body2" data-testid="ropa-reviewer-name">
          {translate('ropa.review.reviewer_is', { name: detail.reviewer.name })}
        </Typography>
      ) : null}
      <Typography variant="body2" color="text.secondary">
        {[
          who(detail.submittedBy, detail.submitted_dt) && `${translate('ropa.states.review')}: ${who(detail.submittedBy, detail.submitted_dt)}`,
          who(detail.approvedBy, detail.approved_dt) && `${translate('ropa.fields.approved_by')}: ${who(detail.approvedBy, detail.approved_dt)}`,
          who(detail.archivedBy, detail.archived_dt) && `${translate('ropa.states.archived')}: ${who(detail.archivedBy, detail.archived_dt)}`,
        ]
          .filter(Boolean)
          .join(' — ')}
      </Typography>
      {detail.missing.length ? (
        <Alert severity="warning" data-testid="ropa-missing">
          <AlertTitle>{translate('ropa.form.missing_title')}</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {detail.missing.map((m) => (
              <li key={m}>{translate(`ropa.items.${m}`)}</li>
            ))}
          </Box>
        </Alert>
      ) : (
        <Alert severity="success" data-testid="ropa-complete">
          {translate('ropa.form.complete')}
        </Alert>
      )}
      {detail.warnings.length ? (
        <Alert severity="error" data-testid="ropa-warnings">
          <AlertTitle>{translate('ropa.warnings.title')}</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {detail.warnings.map((w, i) => (
              <li key={i}>{translate(`ropa.warnings.${w.code}`, { subject: w.subject })}</li>
            ))}
          </Box>
        </Alert>
      ) : null}
      <RopaInformCard
        activityId={detail.id}
        activityName={detail.name}
        tasks={detail.inform}
        canEdit={canEdit && detail.state !== 'archived'}
        onChange={onInform}
      />
      {detail.versions.length ? (
        <Box>
          <Typography variant="subtitle2">{translate('ropa.form.history')}</Typography>
          <Box
            // the date's three boxes share the side panel's width (the input's own minimum is wider)
            sx={{
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'flex-start',
              gap: 1,
              my: 1,
              '& fieldset': { minWidth: 0, width: '100%' },
              '& .MuiTextField-root': { minWidth: 0 },
            }}
          >
            <ThaiDateInput label={translate('ropa.history_on.label')} value={on} onChange={setOn} yearsBack={10} yearsAhead={0} />
            <Button
              size="small"
              variant="outlined"
              disabled={!on}
              component={Link}
              to={`/ropa/preview?id=${detail.id}&on=${on ?? ''}`}
              data-testid="ropa-history-on"
            >
              {translate('ropa.history_on.show')}
            </Button>
          </Box>
          {detail.versions.map((v) => (
            <Typography key={v.version} variant="body2">
              <Link to={`/ropa/preview?id=${detail.id}&version=${v.version}`}>{translate('ropa.form.version', { version: v.version })}</Link>:{' '}
              {who(v.approvedBy, v.approved_dt)}
            </Typography>
          ))}
          {detail.versions.length > 1 ? (
            <Button size="small" variant="outlined" sx={{ mt: 1 }} onClick={() => setAsking('compare')} data-testid="ropa-compare">
              {translate('ropa.review.compare')}
            </Button>
          ) : null}
        </Box>
      ) : null}
      <RopaSendForReviewDialog
        detail={detail}
        open={asking === 'review'}
        busy={busy}
        onClose={() => setAsking(null)}
        onSend={(reviewerId) => {
          setAsking(null);
          onMove('review', reviewerId);
        }}
      />
      <RopaApproveDialog
        detail={detail}
        open={asking === 'approved'}
        busy={busy}
        onClose={() => setAsking(null)}
        onApprove={() => {
          setAsking(null);
          onMove('approved');
        }}
      />
      {asking === 'compare' ? <RopaVersionDiff detail={detail} open onClose={() => setAsking(null)} /> : null}
    </Stack>
  );
}

import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import EditIcon from '@mui/icons-material/Edit';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Alert, Box, Button, Chip, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useDataProvider, useGetOne, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { BreachRecord, BreachStatus, LetterKind } from '../../contract/breach';
import type { AppDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/dates';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { useNotifyError } from '../../src/components/ErrorToast';
import { LoadFailed } from '../../src/components/LoadFailed';
import { ScreenLoader } from '../../src/components/ScreenLoader';
import { ClockChip, RiskChip, StatusChip } from './BreachChips';
import { AssessDialog, LetterDialog, NoticeDialog, StateDialog } from './BreachDialogs';
import BreachForm from './BreachForm';
import { LinkedDocuments } from '../sheets/LinkedDocuments';
import { BreachTimeline } from './BreachTimeline';
import { SCREEN } from './screens';

/**
 * The record's own cache entry: react-admin fills `getOne` with the list's rows, which lack the record's
 * assessment, notices, timeline and files (the REST call ignores this meta).
 */
const DETAIL = { view: 'detail' };

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1, fontSize: '1.05rem' }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Paper>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {children || '-'}
      </Typography>
    </Box>
  );
}

const fileToBase64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).split(',')[1] ?? '');
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/** `/databreach/create/{id}`: one breach whole — the clock, what happened, the assessment, the notices and letters, the states, the timeline. */
export default function BreachRecordView({ id }: { id: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const canEdit = useCanEdit('dataBreach');
  const dataProvider = useDataProvider<AppDataProvider>();
  const query = useGetOne<BreachRecord>('breaches', { id, meta: DETAIL }, { retry: false, onError: (e) => notifyError(e, SCREEN.load) });
  const [editing, setEditing] = useState(false);
  const [assessing, setAssessing] = useState(false);
  const [noticing, setNoticing] = useState(false);
  const [moveTo, setMoveTo] = useState<BreachStatus | null>(null);
  const [issuing, setIssuing] = useState<LetterKind | null>(null);
  const [note, setNote] = useState('');
  const done = (close: () => void) => () => (close(), void query.refetch(), notify('breach.saved', { type: 'success' }));
  const assess = useMutation({
    mutationFn: dataProvider.assessBreach,
    onSuccess: done(() => setAssessing(false)),
    onError: (e) => notifyError(e, SCREEN.assess),
  });
  const notice = useMutation({
    mutationFn: dataProvider.recordBreachNotice,
    onSuccess: done(() => setNoticing(false)),
    onError: (e) => notifyError(e, SCREEN.notice),
  });
  const state = useMutation({
    mutationFn: dataProvider.changeBreachState,
    onSuccess: done(() => setMoveTo(null)),
    onError: (e) => notifyError(e, SCREEN.state),
  });
  const addNote = useMutation({
    mutationFn: dataProvider.addBreachNote,
    onSuccess: done(() => setNote('')),
    onError: (e) => notifyError(e, SCREEN.note),
  });
  const attach = useMutation({
    mutationFn: async (file: File) => dataProvider.attachBreachFile({ id, file: { name: file.name, contentBase64: await fileToBase64(file) } }),
    onSuccess: done(() => undefined),
    onError: (e) => notifyError(e, SCREEN.file),
  });
  const download = useMutation({ mutationFn: dataProvider.downloadBreachFile, onError: (e) => notifyError(e, SCREEN.file) });
  const letter = useMutation({ mutationFn: dataProvider.breachLetter, onError: (e) => notifyError(e, SCREEN.letter) });
  const report = useMutation({ mutationFn: dataProvider.breachReport, onError: (e) => notifyError(e, SCREEN.letter) });
  const issue = useMutation({
    mutationFn: dataProvider.issueBreachLetter,
    onSuccess: (saved, sent) => {
      setIssuing(null);
      void query.refetch();
      notify('breach.saved', { type: 'success' });
      letter.mutate({ id, code: saved.code, kind: sent.kind });
    },
    onError: (e) => notifyError(e, SCREEN.letter),
  });

  if (query.isPending) return <ScreenLoader />;
  if (query.error || !query.data) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  const b = query.data;
  const open = b.status !== 'closed';
  if (editing) return <BreachForm record={b} onDone={() => (setEditing(false), void query.refetch())} />;
  const t = (key: string) => translate(`breach.fields.${key}`);
  const count = (n: number | null, estimated: boolean) =>
    n === null ? '' : `${n.toLocaleString(locale === 'en' ? 'en-GB' : 'th-TH')}${estimated ? ` (${t('estimated')})` : ''}`;

  return (
    <Stack spacing={2} sx={{ maxWidth: 1100 }}>
      <Box>
        <Link component={RouterLink} to="/databreach" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          <ArrowBackIcon fontSize="small" /> {translate('breach.back')}
        </Link>
      </Box>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="caption" color="text.secondary">
          {b.code}
        </Typography>
        <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }} data-testid="breach-title">
          {b.title}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', my: 1 }}>
          <StatusChip status={b.status} />
          <RiskChip level={b.riskLevel} />
          <ClockChip clock={b.clock} />
          <Typography variant="body2" color="text.secondary">
            {translate('breach.clock.deadline', { at: formatDate(b.clock.deadlineAt, locale, true) })}
          </Typography>
        </Box>
        <Stack spacing={1} sx={{ mb: 1 }}>
          {b.warnings.map((w) => (
            <Alert key={w} severity={w === 'subjects_notice_required' ? 'error' : 'warning'} data-testid={`breach-warning-${w}`}>
              {translate(`breach.warnings.${w}`)}
            </Alert>
          ))}
        </Stack>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {canEdit && open ? (
            <>
              <Button size="small" variant="outlined" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
                {translate('breach.edit')}
              </Button>
              <Button size="small" variant="outlined" onClick={() => setAssessing(true)}>
                {translate(b.assessment ? 'breach.assessment.reassess' : 'breach.assessment.assess')}
              </Button>
              <Button size="small" variant="outlined" onClick={() => setNoticing(true)}>
                {translate('breach.notice.record')}
              </Button>
              {b.nextStatuses.map((s) => (
                <Button key={s} size="small" variant="contained" color={s === 'closed' ? 'inherit' : 'primary'} onClick={() => setMoveTo(s)}>
                  {translate('breach.actions.move', { status: translate(`breach.status.${s}`) })}
                </Button>
              ))}
            </>
          ) : null}
          <Button size="small" startIcon={<PictureAsPdfIcon />} disabled={report.isPending} onClick={() => report.mutate({ id, code: b.code })}>
            {translate('breach.notice.report')}
          </Button>
        </Box>
        {canEdit && open && b.blockedStatuses.length ? (
          <Stack spacing={0.5} sx={{ mt: 1 }}>
            {b.blockedStatuses.map((m) => (
              <Typography key={m.status} variant="body2" color="text.secondary" data-testid={`breach-blocked-${m.status}`}>
                {translate(`breach.actions.blocked.${m.reason}`)}
              </Typography>
            ))}
          </Stack>
        ) : null}
        <Stack spacing={0.5} sx={{ mt: 1 }} data-testid="breach-letters">
          {(['office', 'subjects', ...(b.actingAsProcessor ? (['controller'] as const) : [])] as LetterKind[]).map((kind) => {
            const issued = b.letters.find((l) => l.kind === kind);
            return (
              <Box key={kind} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }} data-testid={`breach-letter-${kind}`}>
                <Button
                  size="small"
                  startIcon={<PictureAsPdfIcon />}
                  disabled={letter.isPending}
                  onClick={() => letter.mutate({ id, code: b.code, kind })}
                >
                  {translate(`breach.notice.letter_${kind}`)}
                </Button>
                {issued ? (
                  <Typography variant="body2" color="text.secondary">
                    {translate('breach.notice.issued', {
                      number: issued.number,
                      date: formatDate(issued.issuedAt, locale),
                      name: issued.signatoryName,
                    })}
                  </Typography>
                ) : null}
                {canEdit ? (
                  <Button
                    size="small"
                    variant="text"
                    onClick={() => setIssuing(kind)}
                    aria-label={`${translate('breach.notice.issue')}: ${translate(`breach.letter.kinds.${kind}`)}`}
                  >
                    {translate('breach.notice.issue')}
                  </Button>
                ) : null}
              </Box>
            );
          })}
        </Stack>
      </Paper>

      <Section title={translate('breach.sections.details')}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' }, gap: 1.5 }}>
          <Field label={t('awareAt')}>{formatDate(b.awareAt, locale, true)}</Field>
          <Field label={t('occurredAt')}>{formatDate(b.occurredAt, locale, true)}</Field>
          <Field label={t('cia')}>
            {(['confidentiality', 'integrity', 'availability'] as const)
              .filter((k) => b.cia[k])
              .map((k) => t(k))
              .join(', ')}
          </Field>
          <Field label={t('dataCategories')}>
            {b.dataCategories.map((c) => (
              <Chip key={c._id} size="small" sx={{ mr: 0.5, mb: 0.5 }} color={c.sensitive ? 'error' : 'default'} variant="outlined" label={c.name} />
            ))}
          </Field>
          <Field label={t('sensitiveData')}>{translate(b.sensitiveData ? 'common.yes' : 'common.no')}</Field>
          <Field label={t('vulnerableGroups')}>{b.vulnerableGroups.map((g) => translate(`breach.vulnerable.${g}`)).join(', ')}</Field>
          <Field label={t('subjectsCount')}>{count(b.subjectsCount, b.subjectsEstimated)}</Field>
          <Field label={t('recordsCount')}>{count(b.recordsCount, b.recordsEstimated)}</Field>
          <Field label={t('systems')}>
            {b.affectedSystems.length || b.systems.length ? (
              <Box component="span" data-testid="breach-systems">
                {b.affectedSystems.map((x) => (
                  <Chip
                    key={x._id}
                    size="small"
                    variant="outlined"
                    sx={{ mr: 0.5, mb: 0.5 }}
                    label={x.name}
                    component={RouterLink}
                    to={`/data-manage/add/${x._id}`}
                    clickable
                  />
                ))}
                {b.systems.map((name) => (
                  <Chip key={name} size="small" sx={{ mr: 0.5, mb: 0.5 }} label={`${name} (${t('not_in_map')})`} />
                ))}
              </Box>
            ) : null}
          </Field>
          <Field label={t('processor')}>{b.processor}</Field>
          {b.actingAsProcessor ? <Field label={t('controllerName')}>{b.controllerName}</Field> : null}
          <Field label={t('discovery')}>{b.discovery}</Field>
          <Field label={t('cause')}>{b.cause}</Field>
          <Field label={t('containment')}>{b.containment}</Field>
          <Field label={t('consequences')}>{b.consequences}</Field>
        </Box>
      </Section>

      <Section title={translate('breach.sections.assessment')}>
        {b.assessment ? (
          <Box data-testid="breach-assessment">
            <RiskChip level={b.assessment.level} />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {translate('breach.assessment.by', { name: b.assessment.assessedBy ?? '-', at: formatDate(b.assessment.assessedAt, locale, true) })}
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 1, my: 1 }}>
              {(['sensitivity', 'volume', 'identifiability', 'severity', 'wider', 'controller'] as const).map((k) => {
                const grade = b.assessment!.factors[k];
                return (
                  <Field key={k} label={translate(`breach.assessment.factors.${k}`)}>
                    {translate(grade ? `breach.assessment.grade.${grade}` : 'breach.assessment.not_chosen')}
                  </Field>
                );
              })}
              {(['vulnerable', 'encrypted', 'recovered'] as const).map((k) => (
                <Field key={k} label={translate(`breach.assessment.factors.${k}`)}>
                  {translate(b.assessment!.factors[k] ? 'common.yes' : 'common.no')}
                </Field>
              ))}
            </Box>
            {b.assessment.suggestedLevel ? (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {translate('breach.assessment.suggested_kept', { level: translate(`breach.risk.${b.assessment.suggestedLevel}`) })}
              </Typography>
            ) : null}
            <Field label={translate('breach.assessment.rationale')}>{b.assessment.rationale}</Field>
          </Box>
        ) : (
          <Typography color="text.secondary">{translate('breach.assessment.none_yet')}</Typography>
        )}
      </Section>

      <Section title={translate('breach.sections.notices')}>
        {b.notices.length ? (
          <Stack spacing={1} data-testid="breach-notices">
            {b.notices.map((n) => (
              <Box key={n._id} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                <Chip size="small" color={n.target === 'office' ? 'primary' : 'secondary'} label={translate(`breach.notice.target.${n.target}`)} />
                <Typography variant="body2">
                  {formatDate(n.sentAt, locale, true)} · {translate(`breach.notice.channel.${n.channel}`)}
                  {n.reference ? ` · ${n.reference}` : ''}
                </Typography>
                {n.late ? <Chip size="small" color="warning" label={translate('breach.notice.late')} /> : null}
                {n.late ? (
                  <Typography variant="body2" color="text.secondary" sx={{ width: '100%', whiteSpace: 'pre-wrap' }}>
                    {translate('breach.notice.lateReasons')}: {n.lateReasons}
                  </Typography>
                ) : null}
              </Box>
            ))}
          </Stack>
        ) : (
          <Typography color="text.secondary">{translate('breach.notice.none')}</Typography>
        )}
      </Section>

      <Section
        title={translate('breach.sections.files')}
        action={
          canEdit ? (
            <Button size="small" component="label" startIcon={<AttachFileIcon />} disabled={attach.isPending}>
              {translate('breach.actions.upload')}
              <input
                hidden
                type="file"
                accept="application/pdf,image/jpeg,image/png"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (file) attach.mutate(file);
                }}
              />
            </Button>
          ) : null
        }
      >
        {b.files.length ? (
          b.files.map((f) => (
            <Box key={f._id}>
              <Link component="button" onClick={() => download.mutate({ id, fileId: f._id, name: f.name })}>
                {f.name}
              </Link>{' '}
              <Typography component="span" variant="caption" color="text.secondary">
                {Math.ceil(f.size / 1024)} KB
              </Typography>
            </Box>
          ))
        ) : (
          <Typography color="text.secondary">-</Typography>
        )}
      </Section>

      <LinkedDocuments link={{ breachId: id }} />

      <Section title={translate('breach.sections.timeline')}>
        <BreachTimeline timeline={b.timeline} />
        {canEdit ? (
          <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
            <TextField
              size="small"
              fullWidth
              multiline
              label={translate('breach.actions.note')}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
            <Button variant="outlined" disabled={!note.trim() || addNote.isPending} onClick={() => addNote.mutate({ id, note })}>
              {translate('breach.actions.add_note')}
            </Button>
          </Box>
        ) : null}
      </Section>

      <AssessDialog
        breach={b}
        open={assessing}
        busy={assess.isPending}
        onClose={() => setAssessing(false)}
        onSubmit={(v) => assess.mutate({ id, ...v })}
      />
      <NoticeDialog
        breach={b}
        open={noticing}
        busy={notice.isPending}
        onClose={() => setNoticing(false)}
        onSubmit={(v) => notice.mutate({ id, ...(v as object) } as never)}
      />
      <StateDialog
        breach={b}
        status={moveTo}
        busy={state.isPending}
        onClose={() => setMoveTo(null)}
        onSubmit={(v) => state.mutate({ id, status: moveTo as string, note: String(v.note ?? ''), subjectsWaiver: String(v.subjectsWaiver ?? '') })}
      />
      <LetterDialog
        breach={b}
        kind={issuing}
        busy={issue.isPending}
        onClose={() => setIssuing(null)}
        onSubmit={(v) =>
          issue.mutate({
            id,
            kind: issuing as LetterKind,
            signatoryName: String(v.signatoryName ?? ''),
            signatoryPosition: String(v.signatoryPosition ?? ''),
          })
        }
      />
    </Stack>
  );
}

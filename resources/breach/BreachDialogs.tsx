import { Alert, Box } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BooleanInput, SelectInput, TextInput, useDataProvider, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import {
  FACTOR_GRADES,
  NOTICE_CHANNELS,
  NOTICE_TARGETS,
  RISK_LEVELS,
  breachAssessmentBody,
  breachLetterBody,
  breachNoticeBody,
  breachStateBody,
  isLateOfficeNotice,
  type BreachRecord,
  type BreachStatus,
  type DraftRiskFactors,
  type LetterKind,
  type RiskFactors,
} from '../../contract/breach';
import type { AppDataProvider } from '../../dataProvider';
import { BangkokDateTimeInput, isInstant } from '../../src/components/BangkokDateTimeInput';
import { FormDialog } from '../../src/components/FormDialog';
import { formResolver } from '../../src/components/formResolver';

const assessResolver = formResolver(breachAssessmentBody, 'common.required');
const noticeResolver = formResolver(breachNoticeBody, 'common.required');
const stateResolver = formResolver(breachStateBody, 'common.required');
const letterResolver = formResolver(breachLetterBody, 'common.required');

interface DialogProps<T> {
  breach: BreachRecord;
  open: boolean;
  busy: boolean;
  onClose(): void;
  onSubmit(values: T): void;
}

const GRADE_KEYS = ['sensitivity', 'volume', 'identifiability', 'severity', 'wider', 'controller'] as const;

/** The level the factors chosen so far suggest, as the server's rule answers it. */
function Suggested() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const watched = useWatch({ name: 'factors' }) as Partial<DraftRiskFactors> | undefined;
  const factors: DraftRiskFactors = {
    ...Object.fromEntries(GRADE_KEYS.map((k) => [k, watched?.[k] || null])),
    vulnerable: !!watched?.vulnerable,
    encrypted: !!watched?.encrypted,
    recovered: !!watched?.recovered,
  } as DraftRiskFactors;
  const suggestion = useQuery({
    queryKey: ['breaches', 'risk-suggestion', factors],
    queryFn: () => dataProvider.breachRiskSuggestion({ factors }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  if (!suggestion.data) return null;
  const { level, complete } = suggestion.data;
  return (
    <Alert severity={level === 'high' ? 'error' : level === 'risk' ? 'warning' : 'success'} sx={{ my: 1 }} data-testid="breach-suggested">
      {translate(complete ? 'breach.assessment.suggested' : 'breach.assessment.suggested_partial', { level: translate(`breach.risk.${level}`) })}
    </Alert>
  );
}

/** The risk assessment: the PDPC's factors (from the record, or not chosen), the level they suggest, the level decided and why. */
export function AssessDialog({ breach, open, busy, onClose, onSubmit }: DialogProps<{ level: string; factors: RiskFactors; rationale: string }>) {
  const translate = useTranslate();
  const grades = FACTOR_GRADES.map((g) => ({ id: g, name: translate(`breach.assessment.grade.${g}`) }));
  const f = (key: keyof RiskFactors) => translate(`breach.assessment.factors.${key}`);
  // a first assessment starts from what the record tells (the server's draft), the rest not chosen
  const record = breach.assessment
    ? { level: breach.assessment.level, rationale: breach.assessment.rationale, factors: breach.assessment.factors }
    : { level: null, rationale: '', factors: breach.factorDraft };
  return (
    <FormDialog
      open={open}
      title={translate('breach.assessment.assess')}
      record={{ id: breach.id, ...record }}
      resolver={assessResolver}
      onSubmit={(v) => onSubmit(v as never)}
      onClose={onClose}
      busy={busy}
    >
      {breach.assessment ? null : (
        <Alert severity="info" sx={{ mb: 1 }}>
          {translate('breach.assessment.start_from_record')}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, columnGap: 2 }}>
        {GRADE_KEYS.map((k) => (
          <SelectInput key={k} source={`factors.${k}`} label={f(k)} choices={grades} emptyText={translate('breach.assessment.not_chosen')} />
        ))}
      </Box>
      {(['vulnerable', 'encrypted', 'recovered'] as const).map((k) => (
        <BooleanInput key={k} source={`factors.${k}`} label={f(k)} helperText={false} />
      ))}
      <Suggested />
      <SelectInput
        source="level"
        label={translate('breach.assessment.level')}
        choices={RISK_LEVELS.map((l) => ({ id: l, name: translate(`breach.risk.${l}`) }))}
        fullWidth
      />
      <TextInput source="rationale" label={translate('breach.assessment.rationale')} multiline minRows={3} fullWidth />
    </FormDialog>
  );
}

function LateReasons({ breach }: { breach: BreachRecord }) {
  const translate = useTranslate();
  const [target, sentAt] = useWatch({ name: ['target', 'sentAt'] }) as [string, string | null];
  if (target !== 'office' || !isInstant(sentAt) || !isLateOfficeNotice(breach.awareAt, sentAt)) return null;
  return (
    <>
      <Alert severity="warning" sx={{ mb: 1 }}>
        {translate('breach.notice.late_help')}
      </Alert>
      <TextInput source="lateReasons" label={translate('breach.notice.lateReasons')} multiline minRows={3} fullWidth />
    </>
  );
}

/** A notice sent: to whom, when (Bangkok time), how, its reference; a late notice to the Office asks its reasons. */
export function NoticeDialog({ breach, open, busy, onClose, onSubmit }: DialogProps<Record<string, unknown>>) {
  const translate = useTranslate();
  const target = breach.officeNotifiedAt || breach.riskLevel === 'none' ? 'subjects' : 'office';
  return (
    <FormDialog
      open={open}
      title={translate('breach.notice.record_title')}
      record={{
        id: breach.id,
        target,
        sentAt: new Date().toISOString(),
        channel: target === 'office' ? 'pdpc_eservice' : 'email',
        reference: '',
        lateReasons: '',
      }}
      resolver={noticeResolver}
      onSubmit={onSubmit}
      onClose={onClose}
      busy={busy}
    >
      <SelectInput
        source="target"
        label={translate('breach.notice.target_label')}
        choices={NOTICE_TARGETS.map((x) => ({ id: x, name: translate(`breach.notice.target.${x}`) }))}
        fullWidth
      />
      <BangkokDateTimeInput source="sentAt" label={translate('breach.notice.sentAt')} />
      <SelectInput
        source="channel"
        label={translate('breach.notice.channel_label')}
        choices={NOTICE_CHANNELS.map((x) => ({ id: x, name: translate(`breach.notice.channel.${x}`) }))}
        fullWidth
      />
      <TextInput source="reference" label={translate('breach.notice.reference')} fullWidth />
      <LateReasons breach={breach} />
    </FormDialog>
  );
}

/** A change of state with a note; closing a high-risk breach whose data subjects were not told asks why, in writing. */
export function StateDialog({
  breach,
  status,
  busy,
  onClose,
  onSubmit,
}: Omit<DialogProps<Record<string, unknown>>, 'open'> & { status: BreachStatus | null }) {
  const translate = useTranslate();
  const waiver = status === 'closed' && breach.warnings.includes('subjects_notice_required');
  return (
    <FormDialog
      open={status !== null}
      title={status ? translate('breach.actions.move', { status: translate(`breach.status.${status}`) }) : ''}
      record={{ id: `${breach.id}-${status}`, status, note: '', subjectsWaiver: '' }}
      resolver={stateResolver}
      onSubmit={onSubmit}
      onClose={onClose}
      busy={busy}
    >
      {waiver ? (
        <>
          <Alert severity="error" sx={{ mb: 1 }}>
            {translate('breach.warnings.subjects_notice_required')}
          </Alert>
          <TextInput source="subjectsWaiver" label={translate('breach.actions.waiver')} multiline minRows={2} fullWidth />
        </>
      ) : null}
      <TextInput source="note" label={translate('breach.actions.note')} multiline minRows={2} fullWidth />
    </FormDialog>
  );
}

/** Issues a letter: numbered and dated the first time; the signatory (the DPO unless named) may change. */
export function LetterDialog({
  breach,
  kind,
  busy,
  onClose,
  onSubmit,
}: Omit<DialogProps<Record<string, unknown>>, 'open'> & { kind: LetterKind | null }) {
  const translate = useTranslate();
  const issued = breach.letters.find((l) => l.kind === kind);
  return (
    <FormDialog
      open={kind !== null}
      title={kind ? translate('breach.notice.issue_title', { kind: translate(`breach.letter.kinds.${kind}`) }) : ''}
      record={{ id: `${breach.id}-${kind}`, kind, signatoryName: issued?.signatoryName ?? '', signatoryPosition: issued?.signatoryPosition ?? '' }}
      resolver={letterResolver}
      onSubmit={onSubmit}
      onClose={onClose}
      busy={busy}
      submitLabel="breach.notice.issue"
    >
      <Alert severity="info" sx={{ mb: 1 }}>
        {translate('breach.notice.issue_help')}
      </Alert>
      <TextInput source="signatoryName" label={translate('breach.notice.signatoryName')} fullWidth />
      <TextInput source="signatoryPosition" label={translate('breach.notice.signatoryPosition')} fullWidth />
    </FormDialog>
  );
}

import { Alert, Box } from '@mui/material';
import { BooleanInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import {
  FACTOR_GRADES,
  NOTICE_CHANNELS,
  NOTICE_TARGETS,
  RISK_LEVELS,
  breachAssessmentBody,
  breachNoticeBody,
  breachStateBody,
  isLateOfficeNotice,
  suggestedRiskLevel,
  type BreachRecord,
  type BreachStatus,
  type RiskFactors,
} from '../../contract/breach';
import { BangkokDateTimeInput, isInstant } from '../../src/components/BangkokDateTimeInput';
import { FormDialog } from '../../src/components/FormDialog';
import { formResolver } from '../../src/components/formResolver';

const assessResolver = formResolver(breachAssessmentBody, 'common.required');
const noticeResolver = formResolver(breachNoticeBody, 'common.required');
const stateResolver = formResolver(breachStateBody, 'common.required');

interface DialogProps<T> {
  breach: BreachRecord;
  open: boolean;
  busy: boolean;
  onClose(): void;
  onSubmit(values: T): void;
}

function Suggested() {
  const translate = useTranslate();
  const factors = useWatch({ name: 'factors' }) as RiskFactors | undefined;
  if (!factors) return null;
  const level = suggestedRiskLevel(factors);
  return (
    <Alert severity={level === 'high' ? 'error' : level === 'risk' ? 'warning' : 'success'} sx={{ my: 1 }}>
      {translate('breach.assessment.suggested', { level: translate(`breach.risk.${level}`) })}
    </Alert>
  );
}

/** The risk assessment: the PDPC's factors, the level they suggest, the level decided and why. */
export function AssessDialog({ breach, open, busy, onClose, onSubmit }: DialogProps<{ level: string; factors: RiskFactors; rationale: string }>) {
  const translate = useTranslate();
  const grades = FACTOR_GRADES.map((g) => ({ id: g, name: translate(`breach.assessment.grade.${g}`) }));
  const f = (key: keyof RiskFactors) => translate(`breach.assessment.factors.${key}`);
  const record = breach.assessment ?? {
    level: null,
    rationale: '',
    factors: {
      sensitivity: breach.sensitiveData ? 'high' : 'low',
      volume: 'low',
      identifiability: 'medium',
      severity: 'low',
      vulnerable: breach.vulnerableGroups.length > 0,
      encrypted: false,
      recovered: false,
    },
  };
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
      <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, columnGap: 2 }}>
        {(['sensitivity', 'volume', 'identifiability', 'severity'] as const).map((k) => (
          <SelectInput key={k} source={`factors.${k}`} label={f(k)} choices={grades} />
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

import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  AutocompleteArrayInput,
  BooleanInput,
  CheckboxGroupInput,
  Form,
  NumberInput,
  TextInput,
  useCreate,
  useDataProvider,
  useNotify,
  useTranslate,
  useLocaleState,
  useUpdate,
} from 'react-admin';
import { useFormState, useWatch, type FieldValues, type SubmitHandler } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { VULNERABLE_GROUPS, breachBody, type BreachOptions, type BreachRecord } from '../../contract/breach';
import type { AppDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/dates';
import { BangkokDateTimeInput, isInstant } from '../../src/components/BangkokDateTimeInput';
import { fieldErrorsOf } from '../../src/components/serverFieldError';
import { useNotifyError } from '../../src/components/ErrorToast';
import { formResolver } from '../../src/components/formResolver';
import { useConfirmDiscard } from '../../src/components/unsavedChanges';
import { SCREEN } from './screens';

const resolver = formResolver(breachBody, 'common.required');
const lines = (v: unknown) => (Array.isArray(v) ? v.join('\n') : '');
const toLines = (s: string) =>
  s
    .split('\n')
    .map((x) => x.trim())
    .filter(Boolean);

/** The moment typed, as the rest of the product writes it (Buddhist era, Bangkok time), under the field. */
function InBangkok({ source, fallback }: { source: string; fallback?: string }) {
  const [locale] = useLocaleState();
  const value = useWatch({ name: source }) as string | null;
  const shown = isInstant(value) ? formatDate(value, locale, true) : '';
  return <>{[shown, fallback].filter(Boolean).join(' · ')}</>;
}

const EMPTY = {
  title: '',
  discovery: '',
  awareAt: null,
  occurredAt: null,
  cia: { confidentiality: false, integrity: false, availability: false },
  dataCategoryIds: [],
  sensitiveData: false,
  subjectsCount: null,
  subjectsEstimated: false,
  recordsCount: null,
  recordsEstimated: false,
  vulnerableGroups: [],
  systemIds: [],
  systems: [],
  processor: '',
  actingAsProcessor: false,
  controllerName: '',
  cause: '',
  containment: '',
  consequences: '',
};

/** The controller this company processes the data for: asked only when it acts as a processor (s.40(2)). */
function ControllerName({ label }: { label: string }) {
  const acting = useWatch({ name: 'actingAsProcessor' }) as boolean;
  return acting ? <TextInput source="controllerName" label={label} fullWidth /> : null;
}

/** An edit's Cancel closes the editor, with no navigation for the leave guard to catch: it asks itself when changed. */
function CancelEditButton({ onCancel }: { onCancel(): void }) {
  const translate = useTranslate();
  const { isDirty } = useFormState();
  const confirmDiscard = useConfirmDiscard();
  return <Button onClick={() => confirmDiscard(isDirty) && onCancel()}>{translate('breach.cancel')}</Button>;
}

type ProcessorOption = BreachOptions['processors'][number];

/**
 * What the processors' due diligence knows of the processor named (s.40): the breach notice it promised, its
 * agreement's warnings, and a link to it. Nothing for a name that is not in the register.
 */
function ProcessorNote({ processors }: { processors: ProcessorOption[] }) {
  const translate = useTranslate();
  const name = ((useWatch({ name: 'processor' }) as string | null) ?? '').trim();
  const processor = processors.find((p) => p.name === name);
  if (!processor) return null;
  const hours = processor.breachNoticeHours;
  return (
    <Alert
      severity={processor.warnings.length ? 'warning' : 'info'}
      data-testid="breach-processor-note"
      action={
        <Button size="small" component={Link} to={`/data-manage/processor-diligence/${processor._id}`}>
          {translate('breach.fields.processor_open')}
        </Button>
      }
    >
      {hours ? translate('breach.fields.processor_promised', { hours }) : translate('breach.fields.processor_no_promise')}
      {processor.warnings.map((w) => ` · ${translate(`processors.warnings.${w}`)}`).join('')}
    </Alert>
  );
}

/** What a breach is: a new one at `/databreach/create`, or the details of one (`record`) being edited. */
export default function BreachForm({ record, onDone }: { record?: BreachRecord; onDone?: (saved: BreachRecord) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const options = useQuery({ queryKey: ['breaches', 'options'], queryFn: () => dataProvider.breachOptions(), retry: false });
  const [create, created] = useCreate();
  const [update, updated] = useUpdate();
  const busy = created.isPending || updated.isPending;
  const t = (key: string) => translate(`breach.fields.${key}`);

  /** Saves; a server refusal naming a field is given back to the form, which shows it on that field. */
  const submit: SubmitHandler<FieldValues> = (values) =>
    new Promise<Record<string, string> | undefined>((resolve) => {
      const data = Object.fromEntries(Object.keys(EMPTY).map((k) => [k, values[k]]));
      const onError = (error: unknown) => {
        const onField = fieldErrorsOf(error);
        if (!onField) notifyError(error, SCREEN.save);
        resolve(onField);
      };
      if (record) {
        void update(
          'breaches',
          { id: record.id, data, previousData: record },
          {
            mutationMode: 'pessimistic',
            onSuccess: (saved) => (resolve(undefined), notify('breach.saved', { type: 'success' }), onDone?.(saved as BreachRecord)),
            onError,
          },
        );
      } else {
        void create(
          'breaches',
          { data },
          {
            onSuccess: (saved) => (resolve(undefined), notify('breach.saved', { type: 'success' }), navigate(`/databreach/create/${saved.id}`)),
            onError,
          },
        );
      }
    });

  return (
    <Paper variant="outlined" sx={{ p: 2, maxWidth: 980 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {translate(record ? 'breach.edit_title' : 'breach.add_title')}
      </Typography>
      {options.error ? <Alert severity="warning">{translate('breach.load_failed')}</Alert> : null}
      <Form record={record ?? EMPTY} resolver={resolver} onSubmit={submit} warnWhenUnsavedChanges noValidate>
        <Stack spacing={0}>
          <TextInput source="title" label={t('title')} fullWidth />
          <TextInput source="discovery" label={t('discovery')} multiline minRows={2} fullWidth />
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <BangkokDateTimeInput
              source="awareAt"
              label={t('awareAt')}
              helperText={<InBangkok source="awareAt" fallback={t('awareAt_help')} />}
              yearsBack={3}
            />
            <BangkokDateTimeInput source="occurredAt" label={t('occurredAt')} helperText={<InBangkok source="occurredAt" />} yearsBack={5} />
          </Box>
          <Typography variant="subtitle2" sx={{ mt: 1 }}>
            {t('cia')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <BooleanInput source="cia.confidentiality" label={t('confidentiality')} helperText={false} />
            <BooleanInput source="cia.integrity" label={t('integrity')} helperText={false} />
            <BooleanInput source="cia.availability" label={t('availability')} helperText={false} />
          </Box>
          <AutocompleteArrayInput
            source="dataCategoryIds"
            label={t('dataCategories')}
            choices={(options.data?.dataCategories ?? []).map((c) => ({ id: c._id, name: c.sensitive ? `${c.name} *` : c.name }))}
            isPending={options.isPending}
            fullWidth
          />
          <BooleanInput source="sensitiveData" label={t('sensitiveData')} />
          <Box sx={{ display: 'flex', columnGap: 4, flexWrap: 'wrap' }}>
            {(['subjects', 'records'] as const).map((k) => (
              <Box key={k} sx={{ display: 'flex', gap: 2, alignItems: 'baseline' }}>
                <NumberInput source={`${k}Count`} label={t(`${k}Count`)} min={0} step={1} />
                <BooleanInput source={`${k}Estimated`} label={t('estimated')} helperText={false} />
              </Box>
            ))}
          </Box>
          <CheckboxGroupInput
            source="vulnerableGroups"
            label={t('vulnerableGroups')}
            choices={VULNERABLE_GROUPS.map((g) => ({ id: g, name: translate(`breach.vulnerable.${g}`) }))}
          />
          <AutocompleteArrayInput
            source="systemIds"
            label={t('systems')}
            helperText={t('systems_pick_help')}
            choices={(options.data?.systems ?? []).map((x) => ({ id: x._id, name: x.name }))}
            isPending={options.isPending}
            fullWidth
          />
          <TextInput
            source="systems"
            label={t('other_systems')}
            helperText={t('systems_help')}
            multiline
            minRows={2}
            format={lines}
            parse={toLines}
            fullWidth
          />
          <TextInput source="processor" label={t('processor')} fullWidth inputProps={{ list: 'breach-processors' }} />
          <datalist id="breach-processors">
            {(options.data?.processors ?? []).map((p) => (
              <option key={p._id} value={p.name} />
            ))}
          </datalist>
          <ProcessorNote processors={options.data?.processors ?? []} />
          <BooleanInput source="actingAsProcessor" label={t('actingAsProcessor')} helperText={t('actingAsProcessor_help')} />
          <ControllerName label={t('controllerName')} />
          <TextInput source="cause" label={t('cause')} multiline minRows={2} fullWidth />
          <TextInput source="containment" label={t('containment')} multiline minRows={2} fullWidth />
          <TextInput source="consequences" label={t('consequences')} multiline minRows={2} fullWidth />
        </Stack>
        <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate('breach.save')}
          </Button>
          {record && onDone ? (
            <CancelEditButton onCancel={() => onDone(record)} />
          ) : (
            <Button onClick={() => navigate('/databreach')}>{translate('breach.cancel')}</Button>
          )}
        </Box>
      </Form>
    </Paper>
  );
}

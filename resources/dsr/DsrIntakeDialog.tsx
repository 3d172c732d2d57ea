import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  CheckboxGroupInput,
  RadioButtonGroupInput,
  SelectInput,
  TextInput,
  useDataProvider,
  useGetList,
  useLocaleState,
  useNotify,
  useTranslate,
  FormDataConsumer,
} from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { DSR_FILE_MAX_BYTES, DSR_IDENTITY_FIELDS, DSR_RIGHTS, RIGHT_SECTION, type DsrForm } from '../../contract/dsr';
import { DSR_INTAKE_MAX_LETTERS, DSR_STAFF_CHANNELS, dsrIntakeBody, type DsrIntakeBody } from '../../contract/dsrIntake';
import type { AppDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/dates';
import { FormDialog } from '../../src/components/FormDialog';
import { formResolver } from '../../src/components/formResolver';
import { useNotifyError } from '../../src/components/ErrorToast';
import { ThaiDateSourceInput } from '../../src/components/ThaiDateSourceInput';
import { readFileInput, SCREEN } from './dsrApi';

const resolver = formResolver(dsrIntakeBody, 'dsr.public.required');
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());
const ACCEPT = 'application/pdf,image/jpeg,image/png';

/** A file picked beside the form (read at submit; the server checks it by content). */
function FilePick({ label, files, multiple, onChange }: { label: string; files: File[]; multiple?: boolean; onChange(f: File[]): void }) {
  const translate = useTranslate();
  const tooLarge = files.some((f) => f.size > DSR_FILE_MAX_BYTES);
  return (
    <Box>
      <Button variant="outlined" component="label" size="small">
        {label}
        <input hidden type="file" multiple={multiple} accept={ACCEPT} aria-label={label} onChange={(e) => onChange([...(e.target.files ?? [])])} />
      </Button>
      <Typography variant="body2" color={tooLarge ? 'error' : 'text.secondary'} sx={{ mt: 0.5 }}>
        {files.length ? files.map((f) => f.name).join(', ') : translate('dsr.public.no_file')}
        {tooLarge ? ` — ${translate('dsr.public.file_too_large')}` : ''}
      </Typography>
    </Box>
  );
}

/**
 * Staff record a request received by e-mail, telephone, post or in person: the form it follows (its
 * rights and identity fields), the channel, the day received (the clock runs from it), the requester,
 * and scans of the letter. The server applies the public form's rules to it.
 */
export function DsrIntakeButton() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        {translate('dsr.intake.button')}
      </Button>
      {open ? <DsrIntakeDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function DsrIntakeDialog({ onClose }: { onClose(): void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const forms = useGetList<DsrForm & { id: string }>('dsr-forms', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'created_dt', order: 'DESC' },
  });
  const published = (forms.data ?? []).filter((f) => f.status);
  const [evidence, setEvidence] = useState<File[]>([]);
  const [authority, setAuthority] = useState<File[]>([]);
  const [letters, setLetters] = useState<File[]>([]);
  const save = useMutation({
    mutationFn: async (values: FieldValues) => {
      const v = values as DsrIntakeBody;
      const subject = Object.fromEntries(Object.entries(v.subject).filter(([, x]) => typeof x === 'string' && x.trim())) as DsrIntakeBody['subject'];
      const byRepresentative = v.requesterType === 'representative';
      return dataProvider.intakeDsrRequest({
        ...v,
        subject,
        representative: byRepresentative ? v.representative : undefined,
        identityEvidence: evidence[0] ? await readFileInput(evidence[0]) : undefined,
        authorityProof: byRepresentative && authority[0] ? await readFileInput(authority[0]) : undefined,
        letters: await Promise.all(letters.slice(0, DSR_INTAKE_MAX_LETTERS).map(readFileInput)),
      });
    },
    onSuccess: async (saved) => {
      notify(translate('dsr.intake.saved', { ref: saved.referenceCode, date: formatDate(saved.dueAt, locale) }), { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['dsr-requests'] });
      onClose();
    },
    onError: (err) => notifyError(err, SCREEN.intake),
  });
  const first = published[0];
  const record = {
    id: 'intake',
    formId: first?.id ?? '',
    channel: 'phone',
    receivedOn: today(),
    rights: [],
    requesterType: 'subject',
    subject: { firstname: '', lastname: '', email: '' },
    details: '',
    lang: locale === 'en' ? 'en' : 'th',
    letters: [],
  };
  const formOf = (id: unknown) => published.find((f) => f.id === id);
  return (
    <FormDialog
      open
      maxWidth="md"
      title={translate('dsr.intake.title')}
      record={forms.isPending ? { id: 'loading' } : record}
      resolver={resolver}
      onSubmit={(values) => save.mutate(values)}
      onClose={onClose}
      busy={save.isPending || forms.isPending || !first}
      cancelLabel="ra.action.cancel"
    >
      <Stack spacing={1}>
        <Alert severity="info">{translate('dsr.intake.intro')}</Alert>
        {!forms.isPending && !first ? <Alert severity="warning">{translate('dsr.intake.no_form')}</Alert> : null}
        <SelectInput source="formId" label={translate('dsr.intake.form')} choices={published.map((f) => ({ id: f.id, name: f.name }))} fullWidth />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <SelectInput
            source="channel"
            label={translate('dsr.intake.channel')}
            choices={DSR_STAFF_CHANNELS.map((c) => ({ id: c, name: translate(`dsr.intake.channels.${c}`) }))}
            sx={{ minWidth: 200 }}
          />
          <ThaiDateSourceInput source="receivedOn" label={translate('dsr.intake.received_on')} yearsAhead={0} yearsBack={1} />
        </Stack>
        <FormDataConsumer>
          {({ formData }) => {
            const form = formOf(formData.formId);
            const rights = form ? form.rights : DSR_RIGHTS;
            const asked = form ? form.identityFields : DSR_IDENTITY_FIELDS;
            return (
              <>
                <CheckboxGroupInput
                  source="rights"
                  label={translate('dsr.public.rights')}
                  choices={rights.map((r) => ({ id: r, name: `${translate(`dsr.rights.${r}`)} (${translate('dsr.section')} ${RIGHT_SECTION[r]})` }))}
                  row={false}
                />
                <RadioButtonGroupInput
                  source="requesterType"
                  label={translate('dsr.public.requester_type')}
                  choices={[
                    { id: 'subject', name: translate('dsr.requester.subject') },
                    { id: 'representative', name: translate('dsr.requester.representative') },
                  ]}
                />
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <TextInput source="subject.firstname" label={translate('dsr.identity.firstname')} fullWidth />
                  <TextInput source="subject.lastname" label={translate('dsr.identity.lastname')} fullWidth />
                </Stack>
                <TextInput source="subject.email" type="email" label={translate('dsr.identity.email')} fullWidth />
                {asked.map((k) => (
                  <TextInput key={k} source={`subject.${k}`} label={translate(`dsr.identity.${k}`)} fullWidth multiline={k === 'address'} />
                ))}
                {formData.requesterType === 'representative' ? (
                  <>
                    <TextInput source="representative.name" label={translate('dsr.public.rep_name')} fullWidth />
                    <TextInput source="representative.relation" label={translate('dsr.public.rep_relation')} fullWidth />
                    <TextInput source="representative.email" type="email" label={translate('dsr.public.rep_email')} fullWidth />
                    <FilePick label={translate('dsr.public.authority_proof')} files={authority} onChange={setAuthority} />
                  </>
                ) : null}
                <TextInput source="details" label={translate('dsr.public.details')} multiline minRows={2} fullWidth />
                <FilePick label={translate('dsr.public.identity_evidence')} files={evidence} onChange={setEvidence} />
                <FilePick label={translate('dsr.intake.letters')} files={letters} multiple onChange={setLetters} />
              </>
            );
          }}
        </FormDataConsumer>
      </Stack>
    </FormDialog>
  );
}

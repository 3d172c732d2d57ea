import { Box, Stack, Typography } from '@mui/material';
import { BooleanInput, CheckboxGroupInput, TextInput, useTranslate } from 'react-admin';
import { useWatch, type Resolver } from 'react-hook-form';
import { DSR_IDENTITY_FIELDS, DSR_RIGHTS, RIGHT_SECTION, dsrFormInput, type DsrForm, type DsrFormInput } from '../../contract/dsr';
import { CheckboxInput } from '../../src/components/CheckboxInput';
import { EditDialog } from '../../src/components/FormDialog';
import { formResolver } from '../../src/components/formResolver';

const EMPTY: DsrFormInput = {
  name: '',
  status: true,
  rights: [...DSR_RIGHTS],
  identityFields: [],
  evidenceRequired: true,
  evidenceNote: { th: '', en: '' },
  texts: { th: { title: '', intro: '', consentText: '' }, en: { title: '', intro: '', consentText: '' } },
};

const contractResolver = formResolver(dsrFormInput, 'dsr.forms.required');
/** No right ticked is said as "pick a right", not as a missing value. */
const resolver: Resolver<DsrFormInput> = async (...args) => {
  const result = await contractResolver(...args);
  if (result.errors.rights) result.errors.rights = { ...result.errors.rights, message: 'dsr.forms.pick_right' };
  return result;
};

/** The published switch says what it does now. */
function StatusInput() {
  const translate = useTranslate();
  const status = useWatch({ name: 'status' }) as boolean;
  return <BooleanInput source="status" label={translate(status ? 'dsr.forms.published' : 'dsr.forms.unpublished')} helperText={false} />;
}

/** Add or edit a request form: its rights, identity fields, evidence, and its Thai and English texts. */
export function DsrFormDialog({
  form,
  busy,
  onClose,
  onSave,
}: {
  form?: DsrForm;
  busy: boolean;
  onClose(): void;
  onSave(input: DsrFormInput): void;
}) {
  const translate = useTranslate();
  const text = (lang: 'th' | 'en', key: 'title' | 'intro' | 'consentText', label: string, multiline = false) => (
    <TextInput source={`texts.${lang}.${key}`} label={label} multiline={multiline} minRows={multiline ? 2 : undefined} fullWidth />
  );
  return (
    <EditDialog
      record={form}
      empty={EMPTY}
      titles={{ add: 'dsr.forms.add_title', edit: 'dsr.forms.edit_title' }}
      resolver={resolver}
      onSave={onSave}
      onClose={onClose}
      busy={busy}
    >
      <Stack>
        <TextInput source="name" label={translate('dsr.forms.name')} fullWidth />
        <StatusInput />
        <CheckboxGroupInput
          source="rights"
          label={translate('dsr.forms.rights')}
          choices={DSR_RIGHTS.map((r) => ({ id: r, name: `${translate(`dsr.rights.${r}`)} (${translate('dsr.section')} ${RIGHT_SECTION[r]})` }))}
          helperText={false}
        />
        <CheckboxGroupInput
          source="identityFields"
          label={translate('dsr.forms.identity_fields')}
          choices={DSR_IDENTITY_FIELDS.map((f) => ({ id: f, name: translate(`dsr.identity.${f}`) }))}
          helperText={false}
        />
        <Box>
          <CheckboxInput source="evidenceRequired" label="dsr.forms.evidence_required" />
        </Box>
        <TextInput source="evidenceNote.th" label={translate('dsr.forms.evidence_note_th')} fullWidth />
        <TextInput source="evidenceNote.en" label={translate('dsr.forms.evidence_note_en')} fullWidth />
        {(['th', 'en'] as const).map((lang) => (
          <Stack key={lang}>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              {translate(`dsr.forms.texts_${lang}`)}
            </Typography>
            {text(lang, 'title', translate('dsr.forms.form_title'))}
            {text(lang, 'intro', translate('dsr.forms.intro'), true)}
            {text(lang, 'consentText', translate('dsr.forms.consent_text'), true)}
          </Stack>
        ))}
      </Stack>
    </EditDialog>
  );
}

import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { DSR_IDENTITY_FIELDS, DSR_RIGHTS, RIGHT_SECTION, dsrFormInput, type DsrForm, type DsrFormInput } from '../../contract/dsr';

const EMPTY: DsrFormInput = {
  name: '',
  status: true,
  rights: [...DSR_RIGHTS],
  identityFields: [],
  evidenceRequired: true,
  evidenceNote: { th: '', en: '' },
  texts: { th: { title: '', intro: '', consentText: '' }, en: { title: '', intro: '', consentText: '' } },
};

const toggle = <T,>(list: readonly T[], item: T, on: boolean) => (on ? [...list.filter((x) => x !== item), item] : list.filter((x) => x !== item));

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
  const [v, setV] = useState<DsrFormInput>(form ? { ...EMPTY, ...form } : EMPTY);
  const [tried, setTried] = useState(false);
  const parsed = dsrFormInput.safeParse(v);
  const problems = new Set(parsed.success ? [] : parsed.error.issues.map((i) => i.path.join('.')));
  const err = (path: string) => tried && problems.has(path);
  const required = translate('dsr.forms.required');
  const text = (lang: 'th' | 'en', key: 'title' | 'intro' | 'consentText', label: string, multiline = false) => (
    <TextField
      label={label}
      required={key !== 'intro'}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      value={v.texts[lang][key]}
      onChange={(e) => setV({ ...v, texts: { ...v.texts, [lang]: { ...v.texts[lang], [key]: e.target.value } } })}
      error={err(`texts.${lang}.${key}`)}
      helperText={err(`texts.${lang}.${key}`) ? required : undefined}
    />
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{translate(form ? 'dsr.forms.edit_title' : 'dsr.forms.add_title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label={translate('dsr.forms.name')}
            required
            value={v.name}
            onChange={(e) => setV({ ...v, name: e.target.value })}
            error={err('name')}
            helperText={err('name') ? required : undefined}
          />
          <FormControlLabel
            control={<Switch checked={v.status} onChange={(e) => setV({ ...v, status: e.target.checked })} />}
            label={translate(v.status ? 'dsr.forms.published' : 'dsr.forms.unpublished')}
          />
          <Box>
            <FormLabel>{translate('dsr.forms.rights')}</FormLabel>
            <FormGroup row>
              {DSR_RIGHTS.map((r) => (
                <FormControlLabel
                  key={r}
                  control={
                    <Checkbox checked={v.rights.includes(r)} onChange={(e) => setV({ ...v, rights: toggle(v.rights, r, e.target.checked) })} />
                  }
                  label={`${translate(`dsr.rights.${r}`)} (${translate('dsr.section')} ${RIGHT_SECTION[r]})`}
                />
              ))}
            </FormGroup>
            {err('rights') ? <FormHelperText error>{translate('dsr.forms.pick_right')}</FormHelperText> : null}
          </Box>
          <Box>
            <FormLabel>{translate('dsr.forms.identity_fields')}</FormLabel>
            <FormGroup row>
              {DSR_IDENTITY_FIELDS.map((f) => (
                <FormControlLabel
                  key={f}
                  control={
                    <Checkbox
                      checked={v.identityFields.includes(f)}
                      onChange={(e) => setV({ ...v, identityFields: toggle(v.identityFields, f, e.target.checked) })}
                    />
                  }
                  label={translate(`dsr.identity.${f}`)}
                />
              ))}
            </FormGroup>
          </Box>
          <FormControlLabel
            control={<Checkbox checked={v.evidenceRequired} onChange={(e) => setV({ ...v, evidenceRequired: e.target.checked })} />}
            label={translate('dsr.forms.evidence_required')}
          />
          <TextField
            label={translate('dsr.forms.evidence_note_th')}
            value={v.evidenceNote.th}
            onChange={(e) => setV({ ...v, evidenceNote: { ...v.evidenceNote, th: e.target.value } })}
          />
          <TextField
            label={translate('dsr.forms.evidence_note_en')}
            value={v.evidenceNote.en}
            onChange={(e) => setV({ ...v, evidenceNote: { ...v.evidenceNote, en: e.target.value } })}
          />
          {(['th', 'en'] as const).map((lang) => (
            <Stack key={lang} spacing={2}>
              <Typography variant="subtitle2">{translate(`dsr.forms.texts_${lang}`)}</Typography>
              {text(lang, 'title', translate('dsr.forms.form_title'))}
              {text(lang, 'intro', translate('dsr.forms.intro'), true)}
              {text(lang, 'consentText', translate('dsr.forms.consent_text'), true)}
            </Stack>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button
          variant="contained"
          disabled={busy}
          onClick={() => {
            setTried(true);
            if (parsed.success) onSave(parsed.data);
          }}
        >
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCreate, useNotify, useTranslate, useUpdate } from 'react-admin';
import { SHEET_KINDS, SHEET_LANGS, type SheetKind, type SheetLang, type SheetTemplateRecord } from '../../contract/sheets';
import { useNotifyError } from '../../src/components/ErrorToast';
import { LazyEditor } from './LazyEditor';
import { CODES } from './sheetsApi';

export interface TemplateDraft {
  id?: string;
  name: string;
  kind: SheetKind;
  lang: SheetLang;
  description: string;
  body: string;
}

/** Adds or edits a company template: its name, kind, language and rich text (the server refuses unknown variables). */
export function TemplateDialog({ initial, onClose }: { initial: TemplateDraft; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(initial);
  const [create, { isPending: creating }] = useCreate<SheetTemplateRecord>();
  const [update, { isPending: updating }] = useUpdate<SheetTemplateRecord>();
  const set = <K extends keyof TemplateDraft>(key: K, value: TemplateDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const data = { name: draft.name, kind: draft.kind, lang: draft.lang, description: draft.description, body: draft.body };
  const done = {
    onSuccess: () => {
      notify('sheets.templates.saved', { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['sheet-templates'] });
      onClose();
    },
    onError: (err: unknown) => notifyError(err, CODES.templateSave),
  };
  const save = () =>
    draft.id
      ? update('sheet-templates', { id: draft.id, data, previousData: undefined }, { mutationMode: 'pessimistic', ...done })
      : create('sheet-templates', { data }, done);
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{translate(draft.id ? 'sheets.templates.edit' : 'sheets.templates.add')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label={translate('sheets.templates.name')} value={draft.name} onChange={(e) => set('name', e.target.value)} required />
          <Stack direction="row" spacing={2}>
            <TextField
              select
              fullWidth
              label={translate('sheets.templates.kind')}
              value={draft.kind}
              onChange={(e) => set('kind', e.target.value as SheetKind)}
            >
              {SHEET_KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {translate(`sheets.kinds.${k}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              fullWidth
              label={translate('sheets.templates.lang')}
              value={draft.lang}
              onChange={(e) => set('lang', e.target.value as SheetLang)}
            >
              {SHEET_LANGS.map((l) => (
                <MenuItem key={l} value={l}>
                  {translate(`sheets.langs.${l}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <TextField
            label={translate('sheets.templates.description')}
            value={draft.description}
            onChange={(e) => set('description', e.target.value)}
          />
          <LazyEditor value={draft.body} onChange={(html) => set('body', html)} label={translate('sheets.edit.editor')} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('common.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={creating || updating || !draft.name.trim()}>
          {translate('common.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Checkbox, Chip, FormControlLabel, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useGetOne, useLocaleState, useNotify, useTranslate, useUpdate } from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';
import type { SheetDetail } from '../../contract/sheets';
import { formatDate } from '../../i18n/dates';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { useNotifyError } from '../../src/components/ErrorToast';
import { useLeaveGuard } from '../../src/components/unsavedChanges';
import { LoadFailed } from '../../src/components/LoadFailed';
import { ScreenLoader } from '../../src/components/ScreenLoader';
import { LazyEditor } from './LazyEditor';
import { SheetActions } from './SheetActions';
import { SheetHistory } from './SheetHistory';
import { documentSx, SheetPreview } from './SheetPreview';
import { CODES, STATE_COLOURS } from './sheetsApi';
import { VersionCompare } from './VersionCompare';

type View = 'edit' | 'preview' | 'versions' | 'history';

/** `/sheets/edit?id=…`: one document: its text (editable while a draft), the preview with live data, versions and their diff, the state history. */
/** An HTML as the browser writes it back: the stored text and the editor's differ in spelling only (a no-break space as a character or `&nbsp;`). */
function asSerialised(html: string) {
  // a template's content is inert: nothing in it loads or runs
  const inert = document.createElement('template');
  inert.innerHTML = html;
  return inert.innerHTML;
}

export function SheetEditor() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const canEdit = useCanEdit('sheets');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const sheet = useGetOne<SheetDetail & { id: string }>('sheets', { id }, { enabled: Boolean(id), retry: false });
  const [chosenView, setView] = useState<View>();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [thaiDigits, setThaiDigits] = useState(false);
  const [editorKey, setEditorKey] = useState(0);
  // what was loaded or last saved: the leave guard's "unchanged" (the refetch after a save comes a moment later)
  const [kept, setKept] = useState<{ title: string; body: string; thaiDigits: boolean }>();
  const [update, { isPending: saving }] = useUpdate<SheetDetail & { id: string }>();
  // react-admin seeds getOne with the list's row (no text, versions or history): wait for the whole document
  const data = sheet.data && Array.isArray(sheet.data.versions) ? sheet.data : undefined;
  useEffect(() => {
    if (!data) return;
    setTitle(data.title);
    setBody(data.body);
    setThaiDigits(data.thaiDigits);
    setKept({ title: data.title, body: data.body, thaiDigits: data.thaiDigits });
    setEditorKey((k) => k + 1);
  }, [data?.id, data?.version, data?.state]); // eslint-disable-line react-hooks/exhaustive-deps
  // the text is the screen's own state (the rich editor is no react-admin input): the shared hook guards it
  const bodyAsShown = useMemo(() => asSerialised(body), [body]);
  const keptAsShown = useMemo(() => asSerialised(kept?.body ?? ''), [kept?.body]);
  const dirty =
    kept !== undefined &&
    data?.state === 'draft' &&
    canEdit &&
    (title !== kept.title || bodyAsShown !== keptAsShown || thaiDigits !== kept.thaiDigits);
  useLeaveGuard(dirty);
  if (!id) return <Alert severity="warning">{translate('sheets.edit.not_found')}</Alert>;
  if (sheet.isPending || (!data && !sheet.error)) return <ScreenLoader />;
  if (sheet.error || !data) return <LoadFailed error={sheet.error} onRetry={() => void sheet.refetch()} />;
  const editable = canEdit && data.state === 'draft';
  // a text that cannot be edited opens on what it prints
  const view = chosenView ?? (editable ? 'edit' : 'preview');
  const changed = (next: SheetDetail) => {
    void sheet.refetch();
    void queryClient.invalidateQueries({ queryKey: ['sheets', 'getList'] });
    notify('sheets.edit.state_changed', { type: 'success', messageArgs: { state: translate(`sheets.states.${next.state}`) } });
  };
  const save = () =>
    update(
      'sheets',
      {
        id,
        data: { title: title.trim(), body, thaiDigits, noticeId: data.noticeId, ropaActivityId: data.ropaActivityId, breachId: data.breachId },
        previousData: data,
      },
      {
        mutationMode: 'pessimistic',
        onSuccess: (next) => {
          setKept({ title, body, thaiDigits });
          notify('sheets.edit.saved', { type: 'success', messageArgs: { version: next.version } });
          void sheet.refetch();
          void queryClient.invalidateQueries({ queryKey: ['sheets', 'getList'] });
        },
        onError: (err) => notifyError(err, CODES.save),
      },
    );
  return (
    <Stack spacing={2}>
      <Box>
        <Button size="small" startIcon={<ArrowBackIcon />} component={Link} to="/sheets/list">
          {translate('sheets.edit.back')}
        </Button>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ mr: 1 }}>
          {data.title}
        </Typography>
        <Chip color={STATE_COLOURS[data.state]} label={translate(`sheets.states.${data.state}`)} data-testid="sheet-state" />
        <Chip variant="outlined" label={translate('sheets.print.version', { version: data.version })} />
        {data.publishedVersion ? (
          <Chip variant="outlined" color="success" label={translate('sheets.edit.published_version', { version: data.publishedVersion })} />
        ) : null}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {translate(`sheets.kinds.${data.kind}`)} · {translate(`sheets.langs.${data.lang}`)} · {data.stateBy?.name ?? '-'} ·{' '}
        {formatDate(data.state_dt, locale, true)}
        {data.approvedBy
          ? ` · ${translate('sheets.print.approved', { name: data.approvedBy.name, date: formatDate(data.approved_dt, locale) })}`
          : ''}
        {data.noticeId ? (
          <>
            {' · '}
            {translate('sheets.edit.notice')}: <Link to={`/consents/create/${data.noticeId}`}>{data.noticeName || data.noticeId}</Link>
          </>
        ) : null}
        {data.ropaActivityId ? (
          <>
            {' · '}
            <Link to={`/ropa/activity/create/${data.ropaActivityId}`}>{translate('sheets.linked.attached_ropa')}</Link>
          </>
        ) : null}
        {data.breachId ? (
          <>
            {' · '}
            <Link to={`/databreach/create/${data.breachId}`}>{translate('sheets.linked.attached_breach')}</Link>
          </>
        ) : null}
      </Typography>
      <SheetActions sheet={data} canEdit={canEdit} onChanged={changed} />
      {!canEdit ? <Alert severity="info">{translate('sheets.edit.read_only')}</Alert> : null}
      {canEdit && data.state === 'published' ? <Alert severity="info">{translate('sheets.edit.frozen')}</Alert> : null}
      {canEdit && data.state !== 'published' && data.state !== 'draft' ? <Alert severity="info">{translate('sheets.edit.not_draft')}</Alert> : null}
      <Tabs value={view} onChange={(_e, v: View) => setView(v)} variant="scrollable">
        <Tab value="edit" label={translate('sheets.edit.editor')} />
        <Tab value="preview" label={translate('sheets.edit.preview')} />
        <Tab value="versions" label={translate('sheets.edit.versions')} />
        <Tab value="history" label={translate('sheets.edit.history')} />
      </Tabs>
      {view === 'edit' ? (
        <Stack spacing={2}>
          {editable ? (
            <>
              <TextField
                label={translate('sheets.create.doc_title')}
                value={title}
                onChange={(e) => setTitle(e.target.value)}
                inputProps={{ maxLength: 300 }}
              />
              <FormControlLabel
                control={<Checkbox checked={thaiDigits} onChange={(e) => setThaiDigits(e.target.checked)} />}
                label={translate('sheets.create.thai_digits')}
              />
              <LazyEditor key={editorKey} value={body} onChange={setBody} label={data.title} />
              <Box>
                <Button variant="contained" onClick={save} disabled={saving || !title.trim()}>
                  {translate('sheets.edit.save')}
                </Button>
              </Box>
            </>
          ) : (
            <Box sx={documentSx} dangerouslySetInnerHTML={{ __html: data.body }} />
          )}
        </Stack>
      ) : null}
      {view === 'preview' ? <SheetPreview sheet={data} /> : null}
      {view === 'versions' ? <VersionCompare sheet={data} /> : null}
      {view === 'history' ? <SheetHistory sheet={data} /> : null}
    </Stack>
  );
}

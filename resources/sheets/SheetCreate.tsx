import { Alert, Box, Button, Checkbox, FormControlLabel, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useCreate, useGetList, useGetOne, useNotify, useTranslate } from 'react-admin';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { SheetDetail, SheetTemplateRecord } from '../../contract/sheets';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { useNotifyError } from '../../src/components/ErrorToast';
import { LoadFailed } from '../../src/components/LoadFailed';
import { ScreenLoader } from '../../src/components/ScreenLoader';
import { useNoticeChoices } from '../consent/notices/consentApi';
import { CODES } from './sheetsApi';

type TemplateRow = Omit<SheetTemplateRecord, 'body'>;

/** `/sheets/create?templateId=…`: a new document from a template, its title, an optional notice to attach, Thai numerals. */
export function SheetCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const navigate = useNavigate();
  const canEdit = useCanEdit('sheets');
  const [params] = useSearchParams();
  const templates = useGetList<TemplateRow>(
    'sheet-templates',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } },
    { retry: false },
  );
  const notices = useNoticeChoices();
  const [templateId, setTemplateId] = useState(params.get('templateId') ?? '');
  const [title, setTitle] = useState(params.get('title') ?? '');
  const [noticeId, setNoticeId] = useState(params.get('noticeId') ?? '');
  // made from a ROPA activity's or a breach's page: attached to it from the start
  const ropaActivityId = params.get('ropaActivityId') || null;
  const breachId = params.get('breachId') || null;
  // their names, when the role may read them (it came from their page)
  const activity = useGetOne<{ id: string; name: string }>(
    'ropa-activities',
    { id: ropaActivityId ?? '' },
    { enabled: Boolean(ropaActivityId), retry: false },
  );
  const breach = useGetOne<{ id: string; code: string; title: string }>(
    'breaches',
    { id: breachId ?? '' },
    { enabled: Boolean(breachId), retry: false },
  );
  const [thaiDigits, setThaiDigits] = useState(false);
  const [create, { isPending }] = useCreate<SheetDetail>();
  const chosen = templates.data?.find((t) => t.id === templateId);
  useEffect(() => {
    if (chosen && !title) setTitle(chosen.name);
  }, [chosen, title]);
  if (templates.isPending) return <ScreenLoader />;
  if (templates.error) return <LoadFailed error={templates.error} onRetry={() => void templates.refetch()} />;
  const submit = () =>
    create(
      'sheets',
      { data: { templateId, title: title.trim(), noticeId: noticeId || null, ropaActivityId, breachId, thaiDigits } },
      {
        onSuccess: (doc) => {
          notify('sheets.create.created', { type: 'success' });
          navigate(`/sheets/edit?id=${doc.id}`);
        },
        onError: (err) => notifyError(err, CODES.create),
      },
    );
  return (
    <Stack spacing={2} component="form" noValidate onSubmit={(e) => (e.preventDefault(), submit())} sx={{ maxWidth: 720 }}>
      <Typography variant="h6">{translate('sheets.create.title')}</Typography>
      {!canEdit ? <Alert severity="info">{translate('sheets.edit.read_only')}</Alert> : null}
      <TextField
        select
        required
        label={translate('sheets.create.template')}
        value={templateId}
        onChange={(e) => (setTemplateId(e.target.value), setTitle(''))}
      >
        {(templates.data ?? []).map((t) => (
          <MenuItem key={t.id} value={t.id}>
            {t.name} · {translate(`sheets.langs.${t.lang}`)}
          </MenuItem>
        ))}
      </TextField>
      {chosen ? (
        <Typography variant="body2" color="text.secondary">
          {chosen.description}
          <br />
          {translate('sheets.templates.variables')}: {chosen.variables.map((v) => `{{${v}}}`).join(' ')}
        </Typography>
      ) : null}
      <TextField
        required
        label={translate('sheets.create.doc_title')}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        inputProps={{ maxLength: 300 }}
      />
      <TextField select label={translate('sheets.create.notice')} value={noticeId} onChange={(e) => setNoticeId(e.target.value)}>
        <MenuItem value="">{translate('sheets.create.no_notice')}</MenuItem>
        {(notices.data ?? []).map((n) => (
          <MenuItem key={n._id} value={n._id}>
            {n.projectName || n.formRef}
          </MenuItem>
        ))}
      </TextField>
      {ropaActivityId ? (
        <Alert severity="info" data-testid="sheet-create-link">
          {translate('sheets.linked.attached_ropa')}:{' '}
          <Link to={`/ropa/activity/create/${ropaActivityId}`}>{activity.data?.name ?? ropaActivityId}</Link>
        </Alert>
      ) : null}
      {breachId ? (
        <Alert severity="info" data-testid="sheet-create-link">
          {translate('sheets.linked.attached_breach')}:{' '}
          <Link to={`/databreach/create/${breachId}`}>{breach.data ? `${breach.data.code} · ${breach.data.title}` : breachId}</Link>
        </Alert>
      ) : null}
      <FormControlLabel
        control={<Checkbox checked={thaiDigits} onChange={(e) => setThaiDigits(e.target.checked)} />}
        label={translate('sheets.create.thai_digits')}
      />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={!canEdit || isPending || !templateId || !title.trim()}>
          {translate('sheets.create.submit')}
        </Button>
        <Button component={Link} to="/sheets/create/list">
          {translate('common.cancel')}
        </Button>
      </Box>
    </Stack>
  );
}

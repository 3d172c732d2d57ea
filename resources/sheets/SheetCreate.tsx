import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useEffect, useMemo, useRef } from 'react';
import { Form, SelectInput, TextInput, useDataProvider, useGetList, useGetOne, useNotify, useTranslate } from 'react-admin';
import { useFormContext, useFormState, useWatch, type FieldValues, type SubmitHandler } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { sheetCreateBody, type SheetTemplateRecord } from '../../contract/sheets';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { CheckboxInput } from '../../src/components/CheckboxInput';
import { useNotifyError } from '../../src/components/ErrorToast';
import { formResolver } from '../../src/components/formResolver';
import { LoadFailed } from '../../src/components/LoadFailed';
import { ScreenLoader } from '../../src/components/ScreenLoader';
import { fieldErrorsOf } from '../../src/components/serverFieldError';
import { useNoticeChoices } from '../consent/notices/consentApi';
import { CODES } from './sheetsApi';

type TemplateRow = Omit<SheetTemplateRecord, 'body'>;

const resolver = formResolver(sheetCreateBody, 'ra.validation.required');

/** Choosing another template names the document after it (a title typed for the earlier one is replaced, as the screen always did). */
function TemplateDetails({ templates }: { templates: TemplateRow[] }) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const templateId = useWatch({ name: 'templateId' }) as string;
  const chosen = templates.find((t) => t.id === templateId);
  const first = useRef(true);
  useEffect(() => {
    // the page's own start (a title given in the address, or the template's name) is its record, not a change
    if (first.current) {
      first.current = false;
      return;
    }
    if (chosen) setValue('title', chosen.name, { shouldDirty: true, shouldValidate: true });
  }, [chosen, setValue]);
  if (!chosen) return null;
  return (
    <Typography variant="body2" color="text.secondary">
      {chosen.description}
      <br />
      {translate('sheets.templates.variables')}: {chosen.variables.map((v) => `{{${v}}}`).join(' ')}
    </Typography>
  );
}

/** The form's submit: disabled while the document is being made, so a double click makes one document. */
function CreateButton({ disabled }: { disabled: boolean }) {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" variant="contained" disabled={disabled || isSubmitting}>
      {translate('sheets.create.submit')}
    </Button>
  );
}

/**
 * `/sheets/create?templateId=…`: a new document from a template, its title, an optional notice to attach, Thai
 * numerals: react-admin's `<Form>` with the contract's schema, asking before leaving what was typed.
 */
export function SheetCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const navigate = useNavigate();
  const dataProvider = useDataProvider();
  const canEdit = useCanEdit('sheets');
  const [params] = useSearchParams();
  const templates = useGetList<TemplateRow>(
    'sheet-templates',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } },
    { retry: false },
  );
  const notices = useNoticeChoices();
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
  const templateRows = templates.data;
  const record = useMemo(() => {
    const templateId = params.get('templateId') ?? '';
    const named = templateRows?.find((t) => t.id === templateId)?.name ?? '';
    return {
      templateId,
      title: params.get('title') || named,
      noticeId: params.get('noticeId') || null,
      ropaActivityId,
      breachId,
      thaiDigits: false,
    };
  }, [params, templateRows, ropaActivityId, breachId]);
  if (templates.isPending) return <ScreenLoader />;
  if (templates.error) return <LoadFailed error={templates.error} onRetry={() => void templates.refetch()} />;

  const save: SubmitHandler<FieldValues> = async (values) => {
    try {
      const { data } = await dataProvider.create('sheets', { data: values });
      notify('sheets.create.created', { type: 'success' });
      navigate(`/sheets/edit?id=${data.id}`);
    } catch (err) {
      const onField = fieldErrorsOf(err);
      if (onField) return onField;
      notifyError(err, CODES.create);
    }
  };
  const templateChoices = templates.data.map((t) => ({ id: t.id, name: `${t.name} · ${translate(`sheets.langs.${t.lang}`)}` }));
  const noticeChoices = (notices.data ?? []).map((n) => ({ id: n._id, name: n.projectName || n.formRef }));
  return (
    <Form record={record} resolver={resolver} onSubmit={save} warnWhenUnsavedChanges noValidate>
      <Stack spacing={2} sx={{ maxWidth: 720 }}>
        <Typography variant="h6">{translate('sheets.create.title')}</Typography>
        {!canEdit ? <Alert severity="info">{translate('sheets.edit.read_only')}</Alert> : null}
        <SelectInput source="templateId" label="sheets.create.template" choices={templateChoices} isRequired helperText={false} disabled={!canEdit} />
        <TemplateDetails templates={templates.data} />
        <TextInput
          source="title"
          label="sheets.create.doc_title"
          isRequired
          helperText={false}
          disabled={!canEdit}
          slotProps={{ htmlInput: { maxLength: 300 } }}
        />
        <SelectInput
          source="noticeId"
          label="sheets.create.notice"
          choices={noticeChoices}
          emptyText="sheets.create.no_notice"
          parse={(value: string) => value || null}
          helperText={false}
          disabled={!canEdit}
        />
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
        <CheckboxInput source="thaiDigits" label="sheets.create.thai_digits" disabled={!canEdit} />
        <Box sx={{ display: 'flex', gap: 1 }}>
          <CreateButton disabled={!canEdit} />
          <Button component={Link} to="/sheets/create/list">
            {translate('common.cancel')}
          </Button>
        </Box>
      </Stack>
    </Form>
  );
}

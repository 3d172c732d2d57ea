import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Form, TextInput, useDataProvider, useGetOne, useLocaleState, useNotify, useTranslate, type RaRecord } from 'react-admin';
import type { FieldValues, SubmitHandler } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { templateBody, type TemplateDetail } from '../../../contract/assessments';
import type { AppDataProvider } from '../../../dataProvider';
import { useCanEdit } from '../../../src/auth/useCanEdit';
import { useNotifyError } from '../../../src/components/ErrorToast';
import { formResolver } from '../../../src/components/formResolver';
import { LoadFailed } from '../../../src/components/LoadFailed';
import { ScreenLoader } from '../../../src/components/ScreenLoader';
import { untilSaved } from '../../../src/components/serverFieldError';
import { ASSESSMENT_CODES, inLang, templatePath } from '../assessmentUi';
import { SectionsEditor } from './SectionsEditor';

const resolver = formResolver(templateBody, 'assessments.form.required');
/** A list fills react-admin's getOne cache with its rows (no sections): the editor reads its own key. */
const DETAIL = { detail: true };
const bodyOf = (t: TemplateDetail) => ({ kind: t.kind, nameTh: t.nameTh, nameEn: t.nameEn, sections: t.sections });

/**
 * `/assessments/templates/:id`: a template's sections and questions. The company's newest version is edited in place
 * (in use: the save makes a new version, the old one stays with the assessments made from it); a built-in one or
 * an older version is read, and copied to be changed.
 */
export function TemplateEdit() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const navigate = useNavigate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const canEdit = useCanEdit('assessments');
  const dataProvider = useDataProvider<AppDataProvider>();
  const template = useGetOne<TemplateDetail & RaRecord>('assessment-templates', { id, meta: DETAIL }, { retry: false });
  const save = useMutation({
    mutationFn: (values: FieldValues) => dataProvider.update('assessment-templates', { id, data: values, previousData: { id } }),
  });
  const copy = useMutation({
    mutationFn: () => dataProvider.copyAssessmentTemplate({ id }),
    onSuccess: (made) => {
      notify('assessments.templates.copied', { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['assessment-templates'] });
      navigate(templatePath(made.id));
    },
    onError: (error) => notifyError(error, ASSESSMENT_CODES.templateCopy),
  });
  useEffect(() => {
    if (template.error) notifyError(template.error, ASSESSMENT_CODES.templates);
  }, [template.error, notifyError]);
  if (template.error) return <LoadFailed error={template.error} onRetry={() => void template.refetch()} screenCode={ASSESSMENT_CODES.templates} />;
  const t = template.data;
  if (!t) return <ScreenLoader />;
  const readOnly = !canEdit || t.builtin || !t.latest;
  const submit: SubmitHandler<FieldValues> = (values) => {
    let savedId = id;
    return untilSaved(
      (handlers) =>
        save.mutate(values, {
          onSuccess: ({ data }) => {
            savedId = String(data.id);
            handlers.onSuccess();
          },
          onError: handlers.onError,
        }),
      {
        onSuccess: () => {
          void queryClient.invalidateQueries({ queryKey: ['assessment-templates'] });
          if (savedId !== id) {
            notify('assessments.templates.new_version', { type: 'success' });
            navigate(templatePath(savedId));
          } else notify('assessments.templates.saved', { type: 'success' });
        },
        onError: (error) => notifyError(error, ASSESSMENT_CODES.templateSave),
      },
    );
  };
  return (
    <Stack spacing={2} data-testid="template-edit">
      <Box>
        <Button component={Link} to="/assessments/templates" startIcon={<ArrowBackIcon />} size="small">
          {translate('assessments.templates.back')}
        </Button>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          {inLang(locale, t.nameTh, t.nameEn)}
        </Typography>
        <Chip size="small" variant="outlined" label={translate(`assessments.kinds_short.${t.kind}`)} />
        <Chip size="small" variant="outlined" label={translate('assessments.templates.version_n', { version: t.version })} />
        {t.builtin ? <Chip size="small" label={translate('assessments.templates.builtin')} /> : null}
        <Box sx={{ flex: 1 }} />
        {canEdit ? (
          <Button variant="outlined" size="small" startIcon={<ContentCopyIcon />} onClick={() => copy.mutate()} disabled={copy.isPending}>
            {translate('assessments.templates.copy')}
          </Button>
        ) : null}
      </Box>
      {readOnly && canEdit ? (
        <Alert severity="info">{translate(t.builtin ? 'assessments.templates.builtin_hint' : 'assessments.templates.old_hint')}</Alert>
      ) : null}
      {!readOnly && t.inUse > 0 ? <Alert severity="warning">{translate('assessments.templates.in_use_hint', { n: t.inUse })}</Alert> : null}
      <Form record={bodyOf(t)} resolver={resolver} onSubmit={submit} warnWhenUnsavedChanges noValidate key={t.id}>
        <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mb: 2 }}>
            <TextInput source="nameTh" label="assessments.templates.name_th" helperText={false} />
            <TextInput source="nameEn" label="assessments.templates.name_en" helperText={false} />
          </Box>
          <SectionsEditor kind={t.kind} readOnly={readOnly} />
        </fieldset>
        {readOnly ? null : (
          <Box sx={{ mt: 2 }}>
            <Button type="submit" variant="contained" disabled={save.isPending} data-testid="template-save">
              {translate('assessments.save')}
            </Button>
          </Box>
        )}
      </Form>
    </Stack>
  );
}

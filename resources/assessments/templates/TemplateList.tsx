import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Box, Chip, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Datagrid, FunctionField, useDataProvider, useLocaleState, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { TemplateRow } from '../../../contract/assessments';
import type { AppDataProvider } from '../../../dataProvider';
import { formatDate } from '../../../i18n/dates';
import { useCanEdit } from '../../../src/auth/useCanEdit';
import { useNotifyError } from '../../../src/components/ErrorToast';
import { CheckboxFilter, ListFilters } from '../../../src/components/ListFilters';
import { ListLooks, PagedList, rowsWith } from '../../../src/components/PagedList';
import { RowAction } from '../../../src/components/RowAction';
import { RowNumberField } from '../../../src/components/RowNumberField';
import { KindFilter } from '../AssessmentFilters';
import { ASSESSMENT_CODES, inLang, templatePath } from '../assessmentUi';

type Row = TemplateRow & RaRecord;

/** `/assessments/templates`: the questionnaires, built-in ones first; a copy of one is the company's to edit (each change in use is a new version). */
export function TemplateList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const navigate = useNavigate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const canEdit = useCanEdit('assessments');
  const dataProvider = useDataProvider<AppDataProvider>();
  const copy = useMutation({
    mutationFn: (id: string) => dataProvider.copyAssessmentTemplate({ id }),
    onSuccess: (made) => {
      notify('assessments.templates.copied', { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['assessment-templates'] });
      navigate(templatePath(made.id));
    },
    onError: (error) => notifyError(error, ASSESSMENT_CODES.templateCopy),
  });
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('assessments.templates.intro')}
      </Typography>
      <PagedList resource="assessment-templates" screenCode={ASSESSMENT_CODES.templates} syncWithLocation>
        <ListFilters>
          <KindFilter />
          <CheckboxFilter source="all" label="assessments.templates.all_versions" />
        </ListFilters>
        <Datagrid
          bulkActionButtons={false}
          rowClick={false}
          body={rowsWith(() => ({ 'data-testid': 'template-row' }))}
          empty={<ListLooks />}
          sx={{ overflowX: 'auto' }}
        >
          <RowNumberField label="common.number" />
          <FunctionField<Row>
            label="assessments.templates.name"
            sortable={false}
            render={(r) => (
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <span>{inLang(locale, r.nameTh, r.nameEn)}</span>
                {r.builtin ? <Chip size="small" variant="outlined" label={translate('assessments.templates.builtin')} /> : null}
                {!r.latest ? <Chip size="small" variant="outlined" color="warning" label={translate('assessments.templates.old')} /> : null}
              </Box>
            )}
          />
          <FunctionField<Row> label="assessments.list.kind" sortable={false} render={(r) => translate(`assessments.kinds_short.${r.kind}`)} />
          <FunctionField<Row> label="assessments.templates.version" sortable={false} render={(r) => r.version} />
          <FunctionField<Row> label="assessments.templates.questions" sortable={false} render={(r) => r.questionCount} />
          <FunctionField<Row> label="assessments.templates.in_use" sortable={false} render={(r) => r.inUse} />
          <FunctionField<Row>
            label="assessments.list.updated"
            sortable={false}
            render={(r) => formatDate(r.updated_dt, locale)}
            sx={{ whiteSpace: 'nowrap' }}
          />
          <FunctionField<Row>
            label="common.actions"
            sortable={false}
            render={(r) => (
              <Box sx={{ display: 'flex', whiteSpace: 'nowrap' }}>
                {canEdit && !r.builtin && r.latest ? (
                  <RowAction label="common.edit" icon={<EditIcon fontSize="small" />} to={templatePath(String(r.id))} />
                ) : (
                  <RowAction label="assessments.templates.view" icon={<VisibilityIcon fontSize="small" />} to={templatePath(String(r.id))} />
                )}
                {canEdit ? (
                  <RowAction
                    label="assessments.templates.copy"
                    icon={<ContentCopyIcon fontSize="small" />}
                    onClick={() => copy.mutate(String(r.id))}
                  />
                ) : null}
              </Box>
            )}
          />
        </Datagrid>
      </PagedList>
    </>
  );
}

import AddIcon from '@mui/icons-material/Add';
import AssessmentIcon from '@mui/icons-material/Assessment';
import { Box, Button, Chip, IconButton, Tooltip, Typography } from '@mui/material';
import { Datagrid, FunctionField, TextField, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { QuizTest, TestBody } from '../../contract/quiz';
import { formatDate } from '../../i18n/dates';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { PagedList, rowsWith } from '../../src/components/PagedList';
import { EditDeleteButtons } from '../../src/components/EditDeleteButtons';
import { SCREEN, dayStart, useQuizApi } from './quizApi';
import { TestDialog } from './TestDialog';
import { useQuizEditor } from './useQuizEditor';

type Row = QuizTest & { id: string };

/** The seed's empty text of the tests, with where to start. */
function NoTests() {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 4 }}>
      <Typography>{translate('quiz.tests.empty')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('quiz.tests.empty_hint')}
      </Typography>
    </Box>
  );
}

/** Its results for everyone; edit and delete for those who manage the tests. */
function TestActions({ canEdit, onEdit, onDelete }: { canEdit: boolean; onEdit: (t: Row) => void; onDelete: (t: Row) => void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const test = useRecordContext<Row>();
  if (!test) return null;
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      <Tooltip title={translate('quiz.tests.results')}>
        <IconButton aria-label={translate('quiz.tests.results')} onClick={() => navigate(`/knowledge/manage/tests/${test._id}/results`)}>
          <AssessmentIcon />
        </IconButton>
      </Tooltip>
      {canEdit ? (
        <>
          <EditDeleteButtons onEdit={() => onEdit(test)} onDelete={() => onDelete(test)} />
        </>
      ) : null}
    </Box>
  );
}

/** `/knowledge/manage/tests`: the company's tests, who must take them and how many passed. */
export function TestList() {
  const translate = useTranslate();
  const api = useQuizApi();
  const [locale] = useLocaleState();
  const canEdit = useCanEdit('sheets');
  const editor = useQuizEditor<QuizTest, TestBody>({
    save: (body, test) => (test ? api.updateQuizTest({ id: test._id, body }) : api.saveQuizTest(body)),
    remove: (id) => api.deleteQuizTest({ id }),
    texts: { saved: 'quiz.tests.saved', deleted: 'quiz.tests.deleted' },
    codes: { save: SCREEN.testSave, remove: SCREEN.testDelete },
    // the list, and the results and the staff's own tests that a change moves
    invalidate: ['knowledge'],
  });
  return (
    <Box>
      {canEdit ? (
        <Box sx={{ mb: 2 }}>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => editor.edit('new')}>
            {translate('quiz.tests.add')}
          </Button>
        </Box>
      ) : null}
      <PagedList resource="knowledge-tests" screenCode={SCREEN.tests} syncWithLocation>
        <Datagrid
          bulkActionButtons={false}
          rowClick={false}
          body={rowsWith(() => ({ 'data-testid': 'quiz-test-row' }))}
          empty={<NoTests />}
          sx={{ overflowX: 'auto' }}
        >
          <TextField
            label="quiz.tests.columns.title"
            source="title"
            sortable={false}
            sx={{ overflowWrap: 'anywhere', maxWidth: 360, display: 'block' }}
          />
          <FunctionField<Row>
            label="quiz.tests.columns.topics"
            sortable={false}
            render={(t) =>
              t.topics.map((topic) => <Chip key={topic} size="small" sx={{ mr: 0.5, mb: 0.5 }} label={translate(`quiz.topics.${topic}`)} />)
            }
          />
          <FunctionField<Row>
            label="quiz.tests.columns.due"
            sortable={false}
            sx={{ whiteSpace: 'nowrap' }}
            render={(t) => (
              <>
                {formatDate(dayStart(t.dueDate), locale)}
                {t.recurrence === 'yearly' ? (
                  <Typography variant="caption" component="div" color="text.secondary">
                    {translate('quiz.my.yearly')} · {translate('quiz.tests.round', { round: t.round })}
                  </Typography>
                ) : null}
              </>
            )}
          />
          <TextField label="quiz.tests.columns.assigned" source="assigned" sortable={false} />
          <FunctionField<Row>
            label="quiz.tests.columns.passed"
            sortable={false}
            render={(t) => `${t.passed} (${t.assigned ? Math.round((t.passed * 100) / t.assigned) : 0}%)`}
          />
          <FunctionField<Row>
            label="quiz.tests.columns.status"
            sortable={false}
            render={(t) => (
              <Chip size="small" color={t.active ? 'success' : 'default'} label={translate(t.active ? 'quiz.tests.active' : 'quiz.tests.inactive')} />
            )}
          />
          <FunctionField label="" sortable={false} render={() => <TestActions canEdit={canEdit} onEdit={editor.edit} onDelete={editor.ask} />} />
        </Datagrid>
      </PagedList>
      {editor.dialog ? <TestDialog test={editor.dialog.record} {...editor.dialog.props} /> : null}
      {editor.deleteDialog}
    </Box>
  );
}

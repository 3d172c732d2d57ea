import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Chip, Typography } from '@mui/material';
import { Datagrid, FunctionField, SelectInput, TextField, TextInput, useListContext, useRecordContext, useTranslate } from 'react-admin';
import { QUIZ_TOPICS, type Question, type QuestionBody } from '../../contract/quiz';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { FILTER_INPUT, ListFilters } from '../../src/components/ListFilters';
import { PagedList } from '../../src/components/PagedList';
import { EditDeleteButtons } from '../../src/components/EditDeleteButtons';
import { QuestionDialog } from './QuestionDialog';
import { SCREEN, useBilingual, useQuizApi } from './quizApi';
import { useQuizEditor } from './useQuizEditor';

type Row = Question & { id: string };

/** Add, the topic and the text the bank is filtered by (as typed), and how many questions match. */
function QuestionToolbar({ canEdit, onAdd }: { canEdit: boolean; onAdd: () => void }) {
  const translate = useTranslate();
  const { total } = useListContext();
  return (
    <ListFilters
      debounce={300}
      actions={
        <>
          {total !== undefined ? (
            <Typography variant="body2" color="text.secondary">
              {translate('quiz.questions.count', { count: total })}
            </Typography>
          ) : null}
          {canEdit ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
              {translate('quiz.questions.add')}
            </Button>
          ) : null}
        </>
      }
    >
      <SelectInput
        {...FILTER_INPUT}
        source="topic"
        label="quiz.questions.columns.topic"
        emptyText="quiz.questions.all_topics"
        choices={QUIZ_TOPICS.map((t) => ({ id: t, name: translate(`quiz.topics.${t}`) }))}
        sx={{ minWidth: 220, my: 0 }}
      />
      <TextInput {...FILTER_INPUT} source="search" label="quiz.questions.search" resettable={false} sx={{ my: 0 }} />
    </ListFilters>
  );
}

function QuestionActions({ onEdit, onDelete }: { onEdit: (q: Row) => void; onDelete: (q: Row) => void }) {
  const question = useRecordContext<Row>();
  if (!question) return null;
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      <EditDeleteButtons onEdit={() => onEdit(question)} onDelete={() => onDelete(question)} />
    </Box>
  );
}

/** `/knowledge/manage/questions`: the company's question bank by topic; tests draw from its active questions. */
export function QuestionList() {
  const translate = useTranslate();
  const api = useQuizApi();
  const text = useBilingual();
  const canEdit = useCanEdit('sheets');
  const editor = useQuizEditor<Question, QuestionBody>({
    save: (body, question) => (question ? api.updateQuizQuestion({ id: question._id, body }) : api.saveQuizQuestion(body)),
    remove: (id) => api.deleteQuizQuestion({ id }),
    texts: { saved: 'quiz.questions.saved', deleted: 'quiz.questions.deleted' },
    codes: { save: SCREEN.questionSave, remove: SCREEN.questionDelete },
    invalidate: ['knowledge', 'questions'],
  });
  return (
    <Box>
      <PagedList
        resource="knowledge-questions"
        screenCode={SCREEN.questions}
        syncWithLocation
        tools={canEdit ? { import: true, what: 'lists.quiz.title' } : undefined}
      >
        <QuestionToolbar canEdit={canEdit} onAdd={() => editor.edit('new')} />
        <Datagrid
          bulkActionButtons={false}
          rowClick={false}
          empty={<Typography sx={{ textAlign: 'center', py: 4 }}>{translate('quiz.questions.empty')}</Typography>}
          sx={{ overflowX: 'auto' }}
        >
          <FunctionField<Row>
            label="quiz.questions.columns.text"
            sortable={false}
            sx={{ maxWidth: 520, display: 'block' }}
            render={(q) => text(q.text)}
          />
          <FunctionField<Row> label="quiz.questions.columns.topic" sortable={false} render={(q) => translate(`quiz.topics.${q.topic}`)} />
          <FunctionField<Row> label="quiz.questions.columns.kind" sortable={false} render={(q) => translate(`quiz.kinds.${q.kind}`)} />
          <TextField label="quiz.questions.columns.reference" source="reference" sortable={false} sx={{ whiteSpace: 'nowrap' }} />
          <FunctionField<Row>
            label="quiz.questions.columns.status"
            sortable={false}
            render={(q) => (
              <Chip
                size="small"
                color={q.active ? 'success' : 'default'}
                label={translate(q.active ? 'quiz.questions.active' : 'quiz.questions.inactive')}
              />
            )}
          />
          {canEdit ? <FunctionField label="" sortable={false} render={() => <QuestionActions onEdit={editor.edit} onDelete={editor.ask} />} /> : null}
        </Datagrid>
      </PagedList>
      {editor.dialog ? <QuestionDialog question={editor.dialog.record} {...editor.dialog.props} /> : null}
      {editor.deleteDialog}
    </Box>
  );
}

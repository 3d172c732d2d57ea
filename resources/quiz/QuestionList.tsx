import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, Chip, IconButton, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Datagrid,
  FunctionField,
  SelectInput,
  TextField,
  TextInput,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { QUIZ_TOPICS, type Question, type QuestionBody } from '../../contract/quiz';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { useNotifyError } from '../../src/components/ErrorToast';
import { FILTER_INPUT, ListFilters } from '../../src/components/ListFilters';
import { PagedList } from '../../src/components/PagedList';
import { TypedDeleteDialog } from '../../src/components/TypedDeleteDialog';
import { QuestionDialog } from './QuestionDialog';
import { SCREEN, useBilingual, useQuizApi } from './quizApi';

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
  const translate = useTranslate();
  const question = useRecordContext<Row>();
  if (!question) return null;
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      <IconButton aria-label={translate('ra.action.edit')} onClick={() => onEdit(question)}>
        <EditIcon />
      </IconButton>
      <IconButton aria-label={translate('ra.action.delete')} onClick={() => onDelete(question)}>
        <DeleteIcon />
      </IconButton>
    </Box>
  );
}

/** `/knowledge/manage/questions`: the company's question bank by topic; tests draw from its active questions. */
export function QuestionList() {
  const translate = useTranslate();
  const api = useQuizApi();
  const text = useBilingual();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const canEdit = useCanEdit('sheets');
  const queryClient = useQueryClient();
  const refreshList = useRefresh();
  const [editing, setEditing] = useState<Question | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Question | null>(null);
  const refresh = () => (refreshList(), void queryClient.invalidateQueries({ queryKey: ['knowledge', 'questions'] }));
  const save = useMutation({
    mutationFn: (body: QuestionBody) =>
      editing && editing !== 'new' ? api.updateQuizQuestion({ id: editing._id, body }) : api.saveQuizQuestion(body),
    onSuccess: () => (setEditing(null), notify('quiz.questions.saved', { type: 'success' }), refresh()),
    onError: (e) => notifyError(e, SCREEN.questionSave),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.deleteQuizQuestion({ id }),
    onSuccess: () => (setDeleting(null), notify('quiz.questions.deleted', { type: 'success' }), refresh()),
    onError: (e) => (setDeleting(null), notifyError(e, SCREEN.questionDelete)),
  });
  return (
    <Box>
      <PagedList resource="knowledge-questions" screenCode={SCREEN.questions} syncWithLocation>
        <QuestionToolbar canEdit={canEdit} onAdd={() => setEditing('new')} />
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
          {canEdit ? <FunctionField label="" sortable={false} render={() => <QuestionActions onEdit={setEditing} onDelete={setDeleting} />} /> : null}
        </Datagrid>
      </PagedList>
      {editing ? (
        <QuestionDialog
          question={editing === 'new' ? undefined : editing}
          busy={save.isPending}
          onClose={() => setEditing(null)}
          onSave={(b) => save.mutate(b)}
        />
      ) : null}
      <TypedDeleteDialog
        open={!!deleting}
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting._id)}
      />
    </Box>
  );
}

import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  Box,
  Button,
  Chip,
  IconButton,
  MenuItem,
  Pagination,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { DEFAULT_PAGE_SIZE } from '../../contract/http';
import { QUIZ_TOPICS, type Question, type QuestionBody, type QuizTopic } from '../../contract/quiz';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { useNotifyError } from '../../src/components/ErrorToast';
import { TableBodyState } from '../../src/components/TableBodyState';
import { TypedDeleteDialog } from '../../src/components/TypedDeleteDialog';
import { QuestionDialog } from './QuestionDialog';
import { SCREEN, useBilingual, useQuizApi } from './quizApi';

const COLUMNS = ['text', 'topic', 'kind', 'reference', 'status'] as const;

/** `/knowledge/manage/questions`: the company's question bank by topic; tests draw from its active questions. */
export function QuestionList() {
  const translate = useTranslate();
  const api = useQuizApi();
  const text = useBilingual();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const canEdit = useCanEdit('sheets');
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [topic, setTopic] = useState<QuizTopic | ''>('');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Question | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Question | null>(null);
  const list = useQuery({
    queryKey: ['knowledge', 'questions', page, topic, search],
    queryFn: () => api.quizQuestions({ page, perPage: DEFAULT_PAGE_SIZE, topic: topic || undefined, search }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['knowledge', 'questions'] });
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
  const rows = list.data?.data ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / DEFAULT_PAGE_SIZE));
  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        {canEdit ? (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            {translate('quiz.questions.add')}
          </Button>
        ) : null}
        <TextField
          select
          size="small"
          label={translate('quiz.questions.columns.topic')}
          value={topic}
          onChange={(e) => (setTopic(e.target.value as QuizTopic | ''), setPage(1))}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">{translate('quiz.questions.all_topics')}</MenuItem>
          {QUIZ_TOPICS.map((t) => (
            <MenuItem key={t} value={t}>
              {translate(`quiz.topics.${t}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField size="small" label={translate('quiz.questions.search')} value={search} onChange={(e) => (setSearch(e.target.value), setPage(1))} />
        {list.data ? (
          <Typography variant="body2" color="text.secondary">
            {translate('quiz.questions.count', { count: list.data.total })}
          </Typography>
        ) : null}
      </Stack>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small">
          <TableHead>
            <TableRow>
              {COLUMNS.map((c) => (
                <TableCell key={c} sx={{ fontWeight: 700 }}>
                  {translate(`quiz.questions.columns.${c}`)}
                </TableCell>
              ))}
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((q) => (
              <TableRow key={q._id}>
                <TableCell sx={{ maxWidth: 520 }}>{text(q.text)}</TableCell>
                <TableCell>{translate(`quiz.topics.${q.topic}`)}</TableCell>
                <TableCell>{translate(`quiz.kinds.${q.kind}`)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{q.reference}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={q.active ? 'success' : 'default'}
                    label={translate(q.active ? 'quiz.questions.active' : 'quiz.questions.inactive')}
                  />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {canEdit ? (
                    <>
                      <IconButton aria-label={translate('ra.action.edit')} onClick={() => setEditing(q)}>
                        <EditIcon />
                      </IconButton>
                      <IconButton aria-label={translate('ra.action.delete')} onClick={() => setDeleting(q)}>
                        <DeleteIcon />
                      </IconButton>
                    </>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
            <TableBodyState
              columns={COLUMNS.length + 1}
              isPending={list.isPending}
              error={list.error}
              onRetry={() => void list.refetch()}
              isEmpty={rows.length === 0}
              empty={<Typography>{translate('quiz.questions.empty')}</Typography>}
            />
          </TableBody>
        </Table>
      </TableContainer>
      {pages > 1 ? <Pagination sx={{ mt: 2 }} count={pages} page={page} onChange={(_, p) => setPage(p)} /> : null}
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

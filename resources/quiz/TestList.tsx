import AddIcon from '@mui/icons-material/Add';
import AssessmentIcon from '@mui/icons-material/Assessment';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  Box,
  Button,
  Chip,
  IconButton,
  Pagination,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE } from '../../contract/http';
import type { QuizTest, TestBody } from '../../contract/quiz';
import { formatDate } from '../../i18n/dates';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { useNotifyError } from '../../src/components/ErrorToast';
import { TableBodyState } from '../../src/components/TableBodyState';
import { TypedDeleteDialog } from '../../src/components/TypedDeleteDialog';
import { SCREEN, dayStart, useQuizApi } from './quizApi';
import { TestDialog } from './TestDialog';

const COLUMNS = ['title', 'topics', 'due', 'assigned', 'passed', 'status'] as const;

/** `/knowledge/manage/tests`: the company's tests, who must take them and how many passed. */
export function TestList() {
  const translate = useTranslate();
  const api = useQuizApi();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const navigate = useNavigate();
  const [locale] = useLocaleState();
  const canEdit = useCanEdit('sheets');
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<QuizTest | 'new' | null>(null);
  const [deleting, setDeleting] = useState<QuizTest | null>(null);
  const list = useQuery({
    queryKey: ['knowledge', 'tests', page],
    queryFn: () => api.quizTests({ page, perPage: DEFAULT_PAGE_SIZE }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['knowledge'] });
  const save = useMutation({
    mutationFn: (body: TestBody) => (editing && editing !== 'new' ? api.updateQuizTest({ id: editing._id, body }) : api.saveQuizTest(body)),
    onSuccess: () => (setEditing(null), notify('quiz.tests.saved', { type: 'success' }), refresh()),
    onError: (e) => notifyError(e, SCREEN.testSave),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.deleteQuizTest({ id }),
    onSuccess: () => (setDeleting(null), notify('quiz.tests.deleted', { type: 'success' }), refresh()),
    onError: (e) => (setDeleting(null), notifyError(e, SCREEN.testDelete)),
  });
  const rows = list.data?.data ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / DEFAULT_PAGE_SIZE));
  return (
    <Box>
      {canEdit ? (
        <Box sx={{ mb: 2 }}>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            {translate('quiz.tests.add')}
          </Button>
        </Box>
      ) : null}
      <TableContainer component={Paper} variant="outlined">
        <Table size="small">
          <TableHead>
            <TableRow>
              {COLUMNS.map((c) => (
                <TableCell key={c} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                  {translate(`quiz.tests.columns.${c}`)}
                </TableCell>
              ))}
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((t) => (
              <TableRow key={t._id} data-testid="quiz-test-row">
                <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 360 }}>{t.title}</TableCell>
                <TableCell>
                  {t.topics.map((topic) => (
                    <Chip key={topic} size="small" sx={{ mr: 0.5, mb: 0.5 }} label={translate(`quiz.topics.${topic}`)} />
                  ))}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(dayStart(t.dueDate), locale)}</TableCell>
                <TableCell>{t.assigned}</TableCell>
                <TableCell>
                  {t.passed} ({t.assigned ? Math.round((t.passed * 100) / t.assigned) : 0}%)
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={t.active ? 'success' : 'default'}
                    label={translate(t.active ? 'quiz.tests.active' : 'quiz.tests.inactive')}
                  />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title={translate('quiz.tests.results')}>
                    <IconButton aria-label={translate('quiz.tests.results')} onClick={() => navigate(`/knowledge/manage/tests/${t._id}/results`)}>
                      <AssessmentIcon />
                    </IconButton>
                  </Tooltip>
                  {canEdit ? (
                    <>
                      <IconButton aria-label={translate('ra.action.edit')} onClick={() => setEditing(t)}>
                        <EditIcon />
                      </IconButton>
                      <IconButton aria-label={translate('ra.action.delete')} onClick={() => setDeleting(t)}>
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
              empty={
                <>
                  <Typography>{translate('quiz.tests.empty')}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {translate('quiz.tests.empty_hint')}
                  </Typography>
                </>
              }
            />
          </TableBody>
        </Table>
      </TableContainer>
      {pages > 1 ? <Pagination sx={{ mt: 2 }} count={pages} page={page} onChange={(_, p) => setPage(p)} /> : null}
      {editing ? (
        <TestDialog
          test={editing === 'new' ? undefined : editing}
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

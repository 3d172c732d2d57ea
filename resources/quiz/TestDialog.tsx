import {
  Autocomplete,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { QUIZ_TOPICS, testBody, type QuizTest, type TestBody } from '../../contract/quiz';
import { useQuizApi } from './quizApi';
import { ThaiDateInput } from '../../src/components/ThaiDateInput';

type Form = Required<TestBody>;
const inWeeks = (weeks: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date(Date.now() + weeks * 7 * 86_400_000));
const EMPTY = (): Form => ({
  title: '',
  description: '',
  topics: [...QUIZ_TOPICS],
  questionCount: 10,
  timeLimitMinutes: 20,
  passMark: 80,
  dueDate: inWeeks(4),
  retakeDays: 1,
  departmentIds: [],
  positionIds: [],
  userIds: [],
  active: true,
});

type Named = { _id: string; name: string; departmentName: string | null };

/** Add or edit a test: what is drawn, the time, the pass mark, who must take it and by when. */
export function TestDialog({ test, busy, onClose, onSave }: { test?: QuizTest; busy: boolean; onClose(): void; onSave(body: TestBody): void }) {
  const translate = useTranslate();
  const api = useQuizApi();
  const assignees = useQuery({ queryKey: ['knowledge', 'assignees'], queryFn: () => api.quizAssignees(), retry: false });
  const [v, setV] = useState<Form>(() => (test ? { ...EMPTY(), ...test } : EMPTY()));
  const [tried, setTried] = useState(false);
  const parsed = testBody.safeParse(v);
  const problems = new Set(parsed.success ? [] : parsed.error.issues.map((i) => String(i.path[0])));
  const err = (field: keyof Form) => tried && problems.has(field);
  const number = (field: 'questionCount' | 'timeLimitMinutes' | 'passMark' | 'retakeDays', label: string) => (
    <TextField
      type="number"
      label={label}
      value={v[field]}
      onChange={(e) => setV({ ...v, [field]: e.target.value === '' ? NaN : Number(e.target.value) })}
      error={err(field)}
      sx={{ flex: 1 }}
    />
  );
  const picker = (field: 'departmentIds' | 'positionIds' | 'userIds', options: Named[] | undefined, label: string) => (
    <Autocomplete
      multiple
      options={options ?? []}
      loading={assignees.isPending}
      value={(options ?? []).filter((o) => v[field].includes(o._id))}
      getOptionLabel={(o) => (o.departmentName && field !== 'departmentIds' ? `${o.name} (${o.departmentName})` : o.name)}
      isOptionEqualToValue={(a, b) => a._id === b._id}
      onChange={(_, chosen) => setV({ ...v, [field]: chosen.map((o) => o._id) })}
      renderInput={(params) => <TextField {...params} label={label} error={field === 'departmentIds' && err('departmentIds')} />}
    />
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{translate(test ? 'quiz.tests.edit_title' : 'quiz.tests.add_title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label={translate('quiz.tests.fields.title')}
            required
            value={v.title}
            onChange={(e) => setV({ ...v, title: e.target.value })}
            error={err('title')}
          />
          <TextField
            label={translate('quiz.tests.fields.description')}
            multiline
            minRows={2}
            value={v.description}
            onChange={(e) => setV({ ...v, description: e.target.value })}
          />
          <Box>
            <FormLabel error={err('topics')}>{translate('quiz.tests.fields.topics')}</FormLabel>
            <FormGroup row>
              {QUIZ_TOPICS.map((topic) => (
                <FormControlLabel
                  key={topic}
                  control={
                    <Checkbox
                      checked={v.topics.includes(topic)}
                      onChange={(e) => setV({ ...v, topics: e.target.checked ? [...v.topics, topic] : v.topics.filter((t) => t !== topic) })}
                    />
                  }
                  label={translate(`quiz.topics.${topic}`)}
                />
              ))}
            </FormGroup>
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {number('questionCount', translate('quiz.tests.fields.question_count'))}
            {number('timeLimitMinutes', translate('quiz.tests.fields.time_limit'))}
            {number('passMark', translate('quiz.tests.fields.pass_mark'))}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <ThaiDateInput
              label={translate('quiz.tests.fields.due_date')}
              value={v.dueDate}
              onChange={(dueDate) => setV({ ...v, dueDate: dueDate ?? '' })}
              error={err('dueDate')}
              yearsAhead={3}
              yearsBack={0}
              clearable
            />
            {number('retakeDays', translate('quiz.tests.fields.retake_days'))}
          </Stack>
          {picker('departmentIds', assignees.data?.departments, translate('quiz.tests.fields.departments'))}
          {picker('positionIds', assignees.data?.positions, translate('quiz.tests.fields.positions'))}
          {picker('userIds', assignees.data?.people, translate('quiz.tests.fields.people'))}
          <FormHelperText error={err('departmentIds')}>{translate('quiz.tests.who_hint')}</FormHelperText>
          <FormControlLabel
            control={<Switch checked={v.active} onChange={(e) => setV({ ...v, active: e.target.checked })} />}
            label={translate('quiz.tests.fields.active')}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button
          variant="contained"
          disabled={busy}
          onClick={() => {
            setTried(true);
            if (parsed.success) onSave(parsed.data);
          }}
        >
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

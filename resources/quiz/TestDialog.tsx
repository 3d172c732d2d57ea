import { Autocomplete, FormHelperText, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { BooleanInput, CheckboxGroupInput, NumberInput, SelectInput, TextInput, useInput, useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { QUIZ_RECURRENCES, QUIZ_TOPICS, testBody, type QuizTest, type TestBody } from '../../contract/quiz';
import { EditDialog } from '../../src/components/FormDialog';
import { formResolver } from '../../src/components/formResolver';
import { ThaiDateSourceInput } from '../../src/components/ThaiDateSourceInput';
import { useQuizApi } from './quizApi';

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
  recurrence: 'none',
  departmentIds: [],
  positionIds: [],
  userIds: [],
  active: true,
});
const resolver = formResolver(testBody, 'common.required');

type Named = { _id: string; name: string; departmentName: string | null };

/** Who must take the test: departments, positions or people, picked by name. */
function AssigneeInput({ source, options, loading, label }: { source: string; options: Named[] | undefined; loading: boolean; label: string }) {
  const { field, fieldState } = useInput<string[]>({ source });
  const chosen: string[] = field.value ?? [];
  return (
    <Autocomplete
      multiple
      options={options ?? []}
      loading={loading}
      value={(options ?? []).filter((o) => chosen.includes(o._id))}
      getOptionLabel={(o) => (o.departmentName && source !== 'departmentIds' ? `${o.name} (${o.departmentName})` : o.name)}
      isOptionEqualToValue={(a, b) => a._id === b._id}
      onChange={(_, picked) => field.onChange(picked.map((o) => o._id))}
      onBlur={field.onBlur}
      renderInput={(params) => <TextField {...params} label={label} error={!!fieldState.error} />}
    />
  );
}

/** The hint under the pickers turns into the problem when nobody is picked. */
function WhoHint() {
  const translate = useTranslate();
  const { errors } = useFormState({ name: 'departmentIds' });
  return <FormHelperText error={!!errors.departmentIds}>{translate('quiz.tests.who_hint')}</FormHelperText>;
}

/** Add or edit a test: what is drawn, the time, the pass mark, who must take it and by when. */
export function TestDialog({ test, busy, onClose, onSave }: { test?: QuizTest; busy: boolean; onClose(): void; onSave(body: TestBody): unknown }) {
  const translate = useTranslate();
  const api = useQuizApi();
  const assignees = useQuery({ queryKey: ['knowledge', 'assignees'], queryFn: () => api.quizAssignees(), retry: false });
  const number = (source: 'questionCount' | 'timeLimitMinutes' | 'passMark' | 'retakeDays', label: string) => (
    <NumberInput source={source} label={label} step={1} sx={{ flex: 1 }} />
  );
  const picker = (source: 'departmentIds' | 'positionIds' | 'userIds', options: Named[] | undefined, label: string) => (
    <AssigneeInput source={source} options={options} loading={assignees.isPending} label={label} />
  );
  return (
    <EditDialog
      record={test}
      empty={EMPTY()}
      titles={{ add: 'quiz.tests.add_title', edit: 'quiz.tests.edit_title' }}
      resolver={resolver}
      onSave={onSave}
      onClose={onClose}
      busy={busy}
    >
      <Stack spacing={1}>
        <TextInput source="title" label={translate('quiz.tests.fields.title')} fullWidth />
        <TextInput source="description" label={translate('quiz.tests.fields.description')} multiline minRows={2} fullWidth helperText={false} />
        <CheckboxGroupInput
          source="topics"
          label={translate('quiz.tests.fields.topics')}
          choices={QUIZ_TOPICS.map((topic) => ({ id: topic, name: translate(`quiz.topics.${topic}`) }))}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {number('questionCount', translate('quiz.tests.fields.question_count'))}
          {number('timeLimitMinutes', translate('quiz.tests.fields.time_limit'))}
          {number('passMark', translate('quiz.tests.fields.pass_mark'))}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
          <ThaiDateSourceInput source="dueDate" label={translate('quiz.tests.fields.due_date')} yearsAhead={3} yearsBack={0} clearable />
          {number('retakeDays', translate('quiz.tests.fields.retake_days'))}
        </Stack>
        <SelectInput
          source="recurrence"
          label={translate('quiz.tests.fields.recurrence')}
          choices={QUIZ_RECURRENCES.map((r) => ({ id: r, name: translate(`quiz.tests.recurrences.${r}`) }))}
          translateChoice={false}
          helperText={false}
          fullWidth
        />
        {picker('departmentIds', assignees.data?.departments, translate('quiz.tests.fields.departments'))}
        {picker('positionIds', assignees.data?.positions, translate('quiz.tests.fields.positions'))}
        {picker('userIds', assignees.data?.people, translate('quiz.tests.fields.people'))}
        <WhoHint />
        <BooleanInput source="active" label={translate('quiz.tests.fields.active')} helperText={false} />
      </Stack>
    </EditDialog>
  );
}

import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Button, Checkbox, FormControlLabel, FormHelperText, IconButton, Paper, Stack, Typography } from '@mui/material';
import { BooleanInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { QUIZ_KINDS, QUIZ_TOPICS, questionBody, type Question, type QuestionBody } from '../../contract/quiz';
import { EditDialog } from '../../src/components/FormDialog';
import { formResolver } from '../../src/components/formResolver';

type Form = Required<QuestionBody>;
const EMPTY: Form = {
  topic: 'consent',
  kind: 'single',
  text: { th: '', en: '' },
  choices: [
    { th: '', en: '' },
    { th: '', en: '' },
  ],
  correct: [0],
  explanation: { th: '', en: '' },
  reference: '',
  active: true,
};
const resolver = formResolver(questionBody, 'common.required');

/** The choices, each with its "right answer" box; a removed choice takes its index out of the right answers. */
function ChoicesInput() {
  const translate = useTranslate();
  const { control, setValue, getValues } = useFormContext<Form>();
  const { fields, append, remove } = useFieldArray({ control, name: 'choices' });
  const [kind, correct] = useWatch<Form, ['kind', 'correct']>({ name: ['kind', 'correct'] });
  const { errors } = useFormState<Form>({ name: 'correct' });
  const correctProblem = errors.correct?.message ?? errors.correct?.root?.message;
  const setCorrect = (i: number, on: boolean) =>
    setValue('correct', kind === 'single' ? (on ? [i] : []) : on ? [...correct.filter((c) => c !== i), i].sort() : correct.filter((c) => c !== i), {
      shouldDirty: true,
      shouldValidate: !!errors.correct,
    });
  const removeChoice = (i: number) => {
    const kept = getValues('correct').filter((c) => c !== i);
    remove(i);
    setValue(
      'correct',
      kept.map((c) => (c > i ? c - 1 : c)),
      { shouldDirty: true },
    );
  };
  return (
    <>
      {fields.map((choice, i) => (
        <Paper key={choice.id} variant="outlined" sx={{ p: 1.5 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
            <Typography variant="subtitle2" sx={{ flex: 1 }}>
              {translate('quiz.questions.fields.choice', { n: i + 1 })}
            </Typography>
            <FormControlLabel
              control={<Checkbox checked={correct.includes(i)} onChange={(e) => setCorrect(i, e.target.checked)} />}
              label={translate('quiz.questions.fields.correct')}
            />
            <IconButton aria-label={translate('quiz.questions.fields.remove_choice')} disabled={fields.length <= 2} onClick={() => removeChoice(i)}>
              <DeleteIcon />
            </IconButton>
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            {(['th', 'en'] as const).map((lang) => (
              <TextInput
                key={lang}
                size="small"
                source={`choices.${i}.${lang}`}
                label={translate(`quiz.questions.fields.choice_${lang}`)}
                helperText={false}
                sx={{ flex: 1 }}
              />
            ))}
          </Stack>
        </Paper>
      ))}
      {correctProblem ? (
        <FormHelperText error>{translate(correctProblem.startsWith('server.') ? correctProblem : 'quiz.questions.fields.correct')}</FormHelperText>
      ) : null}
      <Button startIcon={<AddIcon />} disabled={fields.length >= 6} onClick={() => append({ th: '', en: '' })} sx={{ alignSelf: 'flex-start' }}>
        {translate('quiz.questions.fields.add_choice')}
      </Button>
    </>
  );
}

/** A single-answer question keeps one right answer when its kind changes. */
function KindInput() {
  const translate = useTranslate();
  const { getValues, setValue } = useFormContext<Form>();
  return (
    <SelectInput
      source="kind"
      label={translate('quiz.questions.fields.kind')}
      choices={QUIZ_KINDS.map((k) => ({ id: k, name: translate(`quiz.kinds.${k}`) }))}
      onChange={() => setValue('correct', getValues('correct').slice(0, 1), { shouldDirty: true })}
      helperText={false}
      sx={{ flex: 1 }}
    />
  );
}

/** Add or edit a question of the bank: Thai and English, its choices and right answers, and the explanation shown after submitting. */
export function QuestionDialog({
  question,
  busy,
  onClose,
  onSave,
}: {
  question?: Question;
  busy: boolean;
  onClose(): void;
  onSave(b: QuestionBody): unknown;
}) {
  const translate = useTranslate();
  const pair = (field: 'text' | 'explanation', lang: 'th' | 'en', label: string) => (
    <TextInput source={`${field}.${lang}`} label={label} multiline minRows={2} fullWidth />
  );
  return (
    <EditDialog
      record={question}
      empty={EMPTY}
      titles={{ add: 'quiz.questions.add_title', edit: 'quiz.questions.edit_title' }}
      resolver={resolver}
      onSave={onSave}
      onClose={onClose}
      busy={busy}
    >
      <Stack spacing={1}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <SelectInput
            source="topic"
            label={translate('quiz.questions.fields.topic')}
            choices={QUIZ_TOPICS.map((t) => ({ id: t, name: translate(`quiz.topics.${t}`) }))}
            helperText={false}
            sx={{ flex: 1 }}
          />
          <KindInput />
          <TextInput source="reference" label={translate('quiz.questions.fields.reference')} helperText={false} sx={{ flex: 1 }} />
        </Stack>
        {pair('text', 'th', translate('quiz.questions.fields.text_th'))}
        {pair('text', 'en', translate('quiz.questions.fields.text_en'))}
        <ChoicesInput />
        {pair('explanation', 'th', translate('quiz.questions.fields.explanation_th'))}
        {pair('explanation', 'en', translate('quiz.questions.fields.explanation_en'))}
        <BooleanInput source="active" label={translate('quiz.questions.fields.active')} helperText={false} />
      </Stack>
    </EditDialog>
  );
}

import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { QUIZ_KINDS, QUIZ_TOPICS, questionBody, type Question, type QuestionBody } from '../../contract/quiz';

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
  onSave(b: QuestionBody): void;
}) {
  const translate = useTranslate();
  const [v, setV] = useState<Form>(question ? { ...EMPTY, ...question } : EMPTY);
  const [tried, setTried] = useState(false);
  const parsed = questionBody.safeParse(v);
  const problems = parsed.success ? [] : parsed.error.issues;
  const err = (path: string) => tried && problems.some((i) => i.path.join('.').startsWith(path));
  const correctProblem = tried ? problems.find((i) => i.path[0] === 'correct') : undefined;
  const pair = (field: 'text' | 'explanation', lang: 'th' | 'en', label: string) => (
    <TextField
      label={label}
      required
      multiline
      minRows={2}
      value={v[field][lang]}
      onChange={(e) => setV({ ...v, [field]: { ...v[field], [lang]: e.target.value } })}
      error={err(`${field}.${lang}`)}
    />
  );
  const setCorrect = (i: number, on: boolean) =>
    setV({
      ...v,
      correct: v.kind === 'single' ? (on ? [i] : []) : on ? [...v.correct.filter((c) => c !== i), i].sort() : v.correct.filter((c) => c !== i),
    });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{translate(question ? 'quiz.questions.edit_title' : 'quiz.questions.add_title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label={translate('quiz.questions.fields.topic')}
              value={v.topic}
              onChange={(e) => setV({ ...v, topic: e.target.value as Form['topic'] })}
              sx={{ flex: 1 }}
            >
              {QUIZ_TOPICS.map((t) => (
                <MenuItem key={t} value={t}>
                  {translate(`quiz.topics.${t}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={translate('quiz.questions.fields.kind')}
              value={v.kind}
              onChange={(e) => setV({ ...v, kind: e.target.value as Form['kind'], correct: v.correct.slice(0, 1) })}
              sx={{ flex: 1 }}
            >
              {QUIZ_KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {translate(`quiz.kinds.${k}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={translate('quiz.questions.fields.reference')}
              value={v.reference}
              onChange={(e) => setV({ ...v, reference: e.target.value })}
              sx={{ flex: 1 }}
            />
          </Stack>
          {pair('text', 'th', translate('quiz.questions.fields.text_th'))}
          {pair('text', 'en', translate('quiz.questions.fields.text_en'))}
          {v.choices.map((c, i) => (
            <Paper key={i} variant="outlined" sx={{ p: 1.5 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                <Typography variant="subtitle2" sx={{ flex: 1 }}>
                  {translate('quiz.questions.fields.choice', { n: i + 1 })}
                </Typography>
                <FormControlLabel
                  control={<Checkbox checked={v.correct.includes(i)} onChange={(e) => setCorrect(i, e.target.checked)} />}
                  label={translate('quiz.questions.fields.correct')}
                />
                <IconButton
                  aria-label={translate('quiz.questions.fields.remove_choice')}
                  disabled={v.choices.length <= 2}
                  onClick={() =>
                    setV({
                      ...v,
                      choices: v.choices.filter((_, j) => j !== i),
                      correct: v.correct.filter((c2) => c2 !== i).map((c2) => (c2 > i ? c2 - 1 : c2)),
                    })
                  }
                >
                  <DeleteIcon />
                </IconButton>
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                {(['th', 'en'] as const).map((lang) => (
                  <TextField
                    key={lang}
                    size="small"
                    label={translate(`quiz.questions.fields.choice_${lang}`)}
                    value={c[lang]}
                    onChange={(e) => setV({ ...v, choices: v.choices.map((x, j) => (j === i ? { ...x, [lang]: e.target.value } : x)) })}
                    error={err(`choices.${i}.${lang}`)}
                    sx={{ flex: 1 }}
                  />
                ))}
              </Stack>
            </Paper>
          ))}
          {correctProblem ? (
            <FormHelperText error>
              {translate(correctProblem.message.startsWith('server.') ? correctProblem.message : 'quiz.questions.fields.correct')}
            </FormHelperText>
          ) : null}
          <Button
            startIcon={<AddIcon />}
            disabled={v.choices.length >= 6}
            onClick={() => setV({ ...v, choices: [...v.choices, { th: '', en: '' }] })}
            sx={{ alignSelf: 'flex-start' }}
          >
            {translate('quiz.questions.fields.add_choice')}
          </Button>
          {pair('explanation', 'th', translate('quiz.questions.fields.explanation_th'))}
          {pair('explanation', 'en', translate('quiz.questions.fields.explanation_en'))}
          <FormControlLabel
            control={<Switch checked={v.active} onChange={(e) => setV({ ...v, active: e.target.checked })} />}
            label={translate('quiz.questions.fields.active')}
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

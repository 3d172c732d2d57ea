import { Box, Typography } from '@mui/material';
import { RadioButtonGroupInput, TextInput, useLocaleState, useTranslate } from 'react-admin';
import type { TemplateQuestion } from '../../contract/assessments';
import { inLang } from './assessmentUi';

const SCALE = [1, 2, 3, 4, 5].map((n) => ({ id: String(n), name: String(n) }));

/** One question of the template, its answer box drawn by its kind: a text, yes or no, one of its choices, a scale 1-5. */
export function QuestionInput({ question, number }: { question: TemplateQuestion; number: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const source = `answers.${question.key}`;
  const text = `${number} ${inLang(locale, question.textTh, question.textEn)}${question.required ? ' *' : ''}`;
  const help = inLang(locale, question.helpTh, question.helpEn);
  const common = { source, label: false as const, helperText: false as const };
  let input;
  if (question.kind === 'text') {
    input = <TextInput {...common} multiline minRows={2} fullWidth slotProps={{ htmlInput: { 'aria-label': text } }} />;
  } else if (question.kind === 'yesno') {
    input = (
      <RadioButtonGroupInput
        {...common}
        row
        choices={[
          { id: 'true', name: translate('common.yes') },
          { id: 'false', name: translate('common.no') },
        ]}
        translateChoice={false}
        format={(v: unknown) => (v === true ? 'true' : v === false ? 'false' : '')}
        parse={(v: string) => (v === '' ? null : v === 'true')}
      />
    );
  } else if (question.kind === 'scale') {
    input = (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="caption" color="text.secondary">
          {translate('assessments.form.scale_low')}
        </Typography>
        <RadioButtonGroupInput
          {...common}
          row
          choices={SCALE}
          translateChoice={false}
          format={(v: unknown) => (typeof v === 'number' ? String(v) : '')}
          parse={(v: string) => (v === '' ? null : Number(v))}
        />
        <Typography variant="caption" color="text.secondary">
          {translate('assessments.form.scale_high')}
        </Typography>
      </Box>
    );
  } else {
    input = (
      <RadioButtonGroupInput
        {...common}
        choices={question.choices.map((c) => ({ id: c.value, name: inLang(locale, c.labelTh, c.labelEn) }))}
        translateChoice={false}
        parse={(v: string) => (v === '' ? null : v)}
      />
    );
  }
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2, minWidth: 0 }} data-testid={`question-${question.key}`}>
      <Typography component="legend" variant="body1" sx={{ fontWeight: 500, mb: 0.5 }}>
        {text}
      </Typography>
      {help ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
          {help}
        </Typography>
      ) : null}
      {input}
    </Box>
  );
}

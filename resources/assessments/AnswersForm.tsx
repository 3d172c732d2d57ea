import { Alert, Box, Button, Divider, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, RadioButtonGroupInput, TextInput, useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useWatch, type FieldValues, type SubmitHandler } from 'react-hook-form';
import {
  DPIA_CONCLUSIONS,
  LIA_TESTS,
  TEST_RESULTS,
  assessmentSaveBody,
  liaResultOf,
  scoreOf,
  type AssessmentDetail,
  type AssessmentSaveBody,
  type LiaResults,
  type TemplateSection,
} from '../../contract/assessments';
import { ChoiceInput } from '../../src/components/ChoiceInput';
import { useNotifyError } from '../../src/components/ErrorToast';
import { formResolver } from '../../src/components/formResolver';
import { untilSaved } from '../../src/components/serverFieldError';
import { ASSESSMENT_CODES, inLang } from './assessmentUi';
import { QuestionInput } from './QuestionInput';
import { RisksInput } from './RisksInput';

const resolver = formResolver(assessmentSaveBody, 'assessments.form.required');

/** What the form holds: the body of `PUT /assessments/:id`, from the assessment as stored. */
const valuesOf = (a: AssessmentDetail): AssessmentSaveBody => ({
  answers: a.answers,
  risks: a.risks.map(({ title, description, likelihood, impact, measures, residualLikelihood, residualImpact }) => ({
    title,
    description,
    likelihood,
    impact,
    measures,
    residualLikelihood,
    residualImpact,
  })),
  measures: a.measures,
  tests: a.tests,
  conclusion: a.conclusion,
  summary: a.summary,
});

/** The score and an LIA's result as the answers stand (the server works them out again on save). */
function LiveOutcome({ sections, kind }: { sections: TemplateSection[]; kind: AssessmentDetail['kind'] }) {
  const translate = useTranslate();
  const answers = useWatch({ name: 'answers' }) ?? {};
  const tests = (useWatch({ name: 'tests' }) ?? {}) as LiaResults;
  const score = scoreOf(sections, answers);
  const result = kind === 'lia' ? liaResultOf(tests) : null;
  return (
    <Alert severity="info" icon={false} sx={{ mb: 2 }} data-testid="live-outcome">
      {translate('assessments.form.score')}: {score === null ? '-' : `${score}/100`}
      {kind === 'lia'
        ? ` · ${translate('assessments.form.lia_result')}: ${translate(result ? `assessments.lia_results.${result}` : 'assessments.form.not_yet')}`
        : null}
    </Alert>
  );
}

function Section({ section, index, kind, readOnly }: { section: TemplateSection; index: number; kind: string; readOnly: boolean }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Box component="section" sx={{ mb: 3 }} data-testid={`section-${section.key}`}>
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {index + 1}. {inLang(locale, section.titleTh, section.titleEn)}
      </Typography>
      {section.questions.map((q, j) => (
        <QuestionInput key={q.key} question={q} number={`${index + 1}.${j + 1}`} />
      ))}
      {kind === 'lia' && section.test ? (
        <Box sx={{ p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }} data-testid={`test-${section.test}`}>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {translate(`assessments.tests.${section.test}`)}
          </Typography>
          <RadioButtonGroupInput
            source={`tests.${section.test}`}
            label={false}
            helperText={false}
            row
            choices={TEST_RESULTS.map((id) => ({ id, name: `assessments.test_results.${id}` }))}
            parse={(v: string) => (v === '' ? null : v)}
            disabled={readOnly}
          />
        </Box>
      ) : null}
    </Box>
  );
}

interface Props {
  assessment: AssessmentDetail;
  /** signed, or a role that may only read: every box is shown but nothing can change */
  readOnly: boolean;
  onDirtyChange?: (dirty: boolean) => void;
}

/** The assessment's questionnaire (the template's version it began with), a DPIA's risks and measures, the conclusion. */
export function AnswersForm({ assessment, readOnly }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider();
  const save = useMutation({
    mutationFn: (values: FieldValues) => dataProvider.update('assessments', { id: assessment.id, data: values, previousData: { id: assessment.id } }),
  });
  const submit: SubmitHandler<FieldValues> = (values) =>
    untilSaved((handlers) => save.mutate(values, handlers), {
      onSuccess: () => {
        notify('assessments.form.saved', { type: 'success' });
        void queryClient.invalidateQueries({ queryKey: ['assessments'] });
      },
      onError: (error) => notifyError(error, ASSESSMENT_CODES.save),
    });
  const dpia = assessment.kind === 'dpia';
  // LIA tests with no section of their own are asked at the end
  const testsAsked = new Set(assessment.sections.map((s) => s.test).filter(Boolean));
  const otherTests = assessment.kind === 'lia' ? LIA_TESTS.filter((t) => !testsAsked.has(t)) : [];
  return (
    <Form record={valuesOf(assessment)} resolver={resolver} onSubmit={submit} warnWhenUnsavedChanges noValidate key={assessment.updated_dt}>
      <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <LiveOutcome sections={assessment.sections} kind={assessment.kind} />
        {assessment.sections.map((section, i) => (
          <Section key={section.key} section={section} index={i} kind={assessment.kind} readOnly={readOnly} />
        ))}
        {otherTests.map((test) => (
          <Box key={test} sx={{ mb: 2 }} data-testid={`test-${test}`}>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {translate(`assessments.tests.${test}`)}
            </Typography>
            <RadioButtonGroupInput
              source={`tests.${test}`}
              label={false}
              helperText={false}
              row
              choices={TEST_RESULTS.map((id) => ({ id, name: `assessments.test_results.${id}` }))}
              parse={(v: string) => (v === '' ? null : v)}
            />
          </Box>
        ))}
        {dpia ? (
          <>
            <Divider sx={{ my: 2 }} />
            <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
              {translate('assessments.risks.heading')}
            </Typography>
            <RisksInput readOnly={readOnly} />
            <Divider sx={{ my: 2 }} />
            <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
              {translate('assessments.form.measures_heading')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {translate('assessments.form.measures_hint')}
            </Typography>
            <TextInput source="measures" label="assessments.form.measures" fullWidth multiline minRows={3} helperText={false} />
          </>
        ) : null}
        <Divider sx={{ my: 2 }} />
        <Stack spacing={2}>
          {dpia ? (
            <ChoiceInput
              source="conclusion"
              label={translate('assessments.form.conclusion')}
              choices={DPIA_CONCLUSIONS.map((id) => ({ id, name: translate(`assessments.conclusions.${id}`) }))}
              emptyText={translate('assessments.form.not_yet')}
              disabled={readOnly}
              sx={{ maxWidth: 480 }}
              fullWidth
            />
          ) : null}
          <TextInput source="summary" label="assessments.form.summary" fullWidth multiline minRows={2} helperText={false} />
        </Stack>
      </fieldset>
      {readOnly ? null : (
        <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
          <Button type="submit" variant="contained" disabled={save.isPending} data-testid="assessment-save">
            {translate('assessments.save')}
          </Button>
        </Box>
      )}
    </Form>
  );
}

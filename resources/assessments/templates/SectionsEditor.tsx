import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { Box, Button, Card, CardContent, IconButton, Tooltip, Typography } from '@mui/material';
import { NumberInput, TextInput, useTranslate } from 'react-admin';
import { useFieldArray, useWatch } from 'react-hook-form';
import { ANSWER_KINDS, LIA_TESTS, type AssessmentKind } from '../../../contract/assessments';
import { CheckboxInput } from '../../../src/components/CheckboxInput';
import { ChoiceInput } from '../../../src/components/ChoiceInput';
import { ChoicesEditor } from './ChoicesEditor';

const TWO = { display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } } as const;

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  const translate = useTranslate();
  return (
    <Tooltip title={translate(label)}>
      <IconButton aria-label={translate(label)} onClick={onClick}>
        <DeleteOutlineIcon />
      </IconButton>
    </Tooltip>
  );
}

/** One question: its key, its text and help in Thai and English, the kind of answer, its weight, whether it is required. */
function QuestionEditor({ source, number, readOnly, onRemove }: { source: string; number: string; readOnly: boolean; onRemove?: () => void }) {
  const translate = useTranslate();
  const kind = useWatch({ name: `${source}.kind` });
  return (
    <Box sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }} data-testid="template-question">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          {translate('assessments.templates.question', { n: number })}
        </Typography>
        {onRemove ? <RemoveButton label="assessments.templates.remove_question" onClick={onRemove} /> : null}
      </Box>
      <Box sx={TWO}>
        <TextInput source={`${source}.textTh`} label="assessments.templates.text_th" multiline helperText={false} />
        <TextInput source={`${source}.textEn`} label="assessments.templates.text_en" multiline helperText={false} />
        <TextInput source={`${source}.helpTh`} label="assessments.templates.help_th" multiline helperText={false} />
        <TextInput source={`${source}.helpEn`} label="assessments.templates.help_en" multiline helperText={false} />
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mt: 1 }}>
        <TextInput source={`${source}.key`} label="assessments.templates.key" helperText={false} sx={{ width: 200 }} />
        <ChoiceInput
          source={`${source}.kind`}
          label={translate('assessments.templates.answer_kind')}
          choices={ANSWER_KINDS.map((id) => ({ id, name: translate(`assessments.answer_kinds.${id}`) }))}
          disabled={readOnly}
          sx={{ minWidth: 200 }}
        />
        <NumberInput source={`${source}.weight`} label="assessments.templates.weight" min={0} max={10} helperText={false} sx={{ width: 120 }} />
        <CheckboxInput source={`${source}.required`} label="assessments.templates.required" disabled={readOnly} />
      </Box>
      {kind === 'choice' ? <ChoicesEditor source={source} readOnly={readOnly} /> : null}
    </Box>
  );
}

const newQuestion = (n: number) => ({
  key: `q${Date.now().toString(36)}${n}`,
  textTh: '',
  textEn: '',
  helpTh: '',
  helpEn: '',
  kind: 'text',
  choices: [],
  weight: 1,
  required: false,
});

function SectionEditor({ index, kind, readOnly, onRemove }: { index: number; kind: AssessmentKind; readOnly: boolean; onRemove?: () => void }) {
  const translate = useTranslate();
  const source = `sections.${index}`;
  const { fields, append, remove } = useFieldArray({ name: `${source}.questions` });
  return (
    <Card variant="outlined" sx={{ mb: 2 }} data-testid="template-section">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography variant="h6" component="h3" sx={{ flex: 1 }}>
            {translate('assessments.templates.section', { n: index + 1 })}
          </Typography>
          {onRemove ? <RemoveButton label="assessments.templates.remove_section" onClick={onRemove} /> : null}
        </Box>
        <Box sx={TWO}>
          <TextInput source={`${source}.titleTh`} label="assessments.templates.title_th" helperText={false} />
          <TextInput source={`${source}.titleEn`} label="assessments.templates.title_en" helperText={false} />
        </Box>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 1 }}>
          <TextInput source={`${source}.key`} label="assessments.templates.key" helperText={false} sx={{ width: 200 }} />
          {kind === 'lia' ? (
            <ChoiceInput
              source={`${source}.test`}
              label={translate('assessments.templates.test')}
              choices={LIA_TESTS.map((id) => ({ id, name: translate(`assessments.tests.${id}`) }))}
              emptyText={translate('assessments.templates.no_test')}
              disabled={readOnly}
              sx={{ minWidth: 280 }}
            />
          ) : null}
        </Box>
        {fields.map((field, j) => (
          <QuestionEditor
            key={field.id}
            source={`${source}.questions.${j}`}
            number={`${index + 1}.${j + 1}`}
            readOnly={readOnly}
            onRemove={readOnly || fields.length < 2 ? undefined : () => remove(j)}
          />
        ))}
        {readOnly ? null : (
          <Button size="small" startIcon={<AddIcon />} onClick={() => append(newQuestion(fields.length + 1))} data-testid="add-question">
            {translate('assessments.templates.add_question')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

/** The template's sections, each with its questions (and an LIA's test), added and removed in place. */
export function SectionsEditor({ kind, readOnly }: { kind: AssessmentKind; readOnly: boolean }) {
  const translate = useTranslate();
  const { fields, append, remove } = useFieldArray({ name: 'sections' });
  return (
    <>
      {fields.map((field, i) => (
        <SectionEditor
          key={field.id}
          index={i}
          kind={kind}
          readOnly={readOnly}
          onRemove={readOnly || fields.length < 2 ? undefined : () => remove(i)}
        />
      ))}
      {readOnly ? null : (
        <Button
          startIcon={<AddIcon />}
          onClick={() => append({ key: `s${Date.now().toString(36)}`, titleTh: '', titleEn: '', test: null, questions: [newQuestion(1)] })}
        >
          {translate('assessments.templates.add_section')}
        </Button>
      )}
    </>
  );
}

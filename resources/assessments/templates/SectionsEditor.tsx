import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { Box, Button, Card, CardContent, IconButton, Tooltip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { NumberInput, TextInput, useTranslate } from 'react-admin';
import { useFieldArray, useWatch } from 'react-hook-form';
import { ANSWER_KINDS, LIA_TESTS, type AssessmentKind } from '../../../contract/assessments';
import { CheckboxInput } from '../../../src/components/CheckboxInput';
import { ChoiceInput } from '../../../src/components/ChoiceInput';
import { ChoicesEditor } from './ChoicesEditor';

const TWO = { display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } } as const;

interface ItemMoves {
  onUp?: () => void;
  onDown?: () => void;
  onRemove?: () => void;
}

/** A question's or a section's buttons: up, down (each only where it can go) and remove. */
function ItemActions({ what, onUp, onDown, onRemove }: ItemMoves & { what: 'question' | 'section' }) {
  const translate = useTranslate();
  const button = (action: 'up' | 'down' | 'remove', onClick: (() => void) | undefined, icon: ReactNode) => {
    if (!onClick) return null;
    const label = translate(action === 'remove' ? `assessments.templates.remove_${what}` : `assessments.templates.move_${what}_${action}`);
    return (
      <Tooltip title={label}>
        <IconButton aria-label={label} onClick={onClick} data-testid={`${what}-${action}`}>
          {icon}
        </IconButton>
      </Tooltip>
    );
  };
  return (
    <>
      {button('up', onUp, <ArrowUpwardIcon />)}
      {button('down', onDown, <ArrowDownwardIcon />)}
      {button('remove', onRemove, <DeleteOutlineIcon />)}
    </>
  );
}

/** Up, down and remove for item `i` of `count` in a field array (none while read-only; never the last one removed). */
const movesOf = (i: number, count: number, readOnly: boolean, move: (from: number, to: number) => void, remove: (i: number) => void): ItemMoves =>
  readOnly
    ? {}
    : {
        onUp: i > 0 ? () => move(i, i - 1) : undefined,
        onDown: i < count - 1 ? () => move(i, i + 1) : undefined,
        onRemove: count > 1 ? () => remove(i) : undefined,
      };

/** One question: its key, its text and help in Thai and English, the kind of answer, its weight, whether it is required. */
function QuestionEditor({ source, number, readOnly, moves }: { source: string; number: string; readOnly: boolean; moves: ItemMoves }) {
  const translate = useTranslate();
  const kind = useWatch({ name: `${source}.kind` });
  return (
    <Box sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }} data-testid="template-question">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          {translate('assessments.templates.question', { n: number })}
        </Typography>
        <ItemActions what="question" {...moves} />
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

function SectionEditor({ index, kind, readOnly, moves }: { index: number; kind: AssessmentKind; readOnly: boolean; moves: ItemMoves }) {
  const translate = useTranslate();
  const source = `sections.${index}`;
  const { fields, append, remove, move } = useFieldArray({ name: `${source}.questions` });
  return (
    <Card variant="outlined" sx={{ mb: 2 }} data-testid="template-section">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography variant="h6" component="h3" sx={{ flex: 1 }}>
            {translate('assessments.templates.section', { n: index + 1 })}
          </Typography>
          <ItemActions what="section" {...moves} />
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
            moves={movesOf(j, fields.length, readOnly, move, remove)}
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

/** The template's sections, each with its questions (and an LIA's test), added, moved and removed in place. */
export function SectionsEditor({ kind, readOnly }: { kind: AssessmentKind; readOnly: boolean }) {
  const translate = useTranslate();
  const { fields, append, remove, move } = useFieldArray({ name: 'sections' });
  return (
    <>
      {fields.map((field, i) => (
        <SectionEditor key={field.id} index={i} kind={kind} readOnly={readOnly} moves={movesOf(i, fields.length, readOnly, move, remove)} />
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

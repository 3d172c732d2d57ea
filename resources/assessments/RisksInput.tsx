import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { Box, Button, Card, CardContent, IconButton, Tooltip, Typography } from '@mui/material';
import { TextInput, useGetOne, useTranslate } from 'react-admin';
import { useFieldArray, useWatch } from 'react-hook-form';
import type { AssessmentRisk } from '../../contract/assessments';
import { DEFAULT_MATRIX, codeOf, type MatrixCells } from '../../contract/risk';
import { RiskCodeChip } from '../risk/RiskCodeChip';
import { RiskMatrixGrid } from '../risk/RiskMatrixGrid';
import { RatingInput } from './RatingInput';

/** a likelihood beside its impact, each wide enough for its whole label */
const RATINGS = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, my: 1 } as const;
type RiskValues = Partial<Record<keyof AssessmentRisk, unknown>>;
const NEW_RISK = { title: '', description: '', likelihood: null, impact: null, measures: '', residualLikelihood: null, residualImpact: null };

const rated = (r: RiskValues, l: 'likelihood' | 'residualLikelihood', i: 'impact' | 'residualImpact') =>
  typeof r[l] === 'number' && typeof r[i] === 'number';

/** The company's 5x5 matrix (the one the server rates with); the default grid while it loads or when the role cannot read it. */
export function useMatrixCells(): MatrixCells {
  const matrix = useGetOne<{ id: string; cells: MatrixCells }>('risk-matrix', { id: 'company' }, { retry: false });
  return matrix.data?.cells ?? DEFAULT_MATRIX;
}

/** A risk's level before → after its measures, on the matrix, as the person rates it. */
function RiskLevels({ risk, cells }: { risk: RiskValues; cells: MatrixCells }) {
  const translate = useTranslate();
  const before = rated(risk, 'likelihood', 'impact');
  const after = rated(risk, 'residualLikelihood', 'residualImpact');
  const r = risk as AssessmentRisk;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }} data-testid="risk-levels">
      <Typography variant="body2">{translate('assessments.risks.level')}</Typography>
      <RiskCodeChip code={before ? codeOf(cells, r.likelihood, r.impact) : null} />
      <span aria-hidden>→</span>
      <Typography variant="body2">{translate('assessments.risks.residual')}</Typography>
      <RiskCodeChip code={after ? codeOf(cells, r.residualLikelihood, r.residualImpact) : null} />
    </Box>
  );
}

/** A DPIA's risks to the subjects: each rated on the matrix before and after its measures, its level shown as it is rated. */
export function RisksInput({ readOnly }: { readOnly: boolean }) {
  const translate = useTranslate();
  const cells = useMatrixCells();
  const { fields, append, remove } = useFieldArray({ name: 'risks' });
  const risks = (useWatch({ name: 'risks' }) ?? []) as RiskValues[];
  const counts: Record<string, number> = {};
  for (const r of risks)
    if (rated(r, 'likelihood', 'impact')) counts[`${r.likelihood}-${r.impact}`] = (counts[`${r.likelihood}-${r.impact}`] ?? 0) + 1;
  return (
    <Box data-testid="risks">
      <Box sx={{ mb: 2 }}>
        <Typography variant="caption" component="p" color="text.secondary" sx={{ mb: 1 }}>
          {translate('assessments.risks.matrix')}
        </Typography>
        <RiskMatrixGrid cells={cells} counts={counts} />
      </Box>
      {fields.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('assessments.risks.none')}
        </Typography>
      ) : null}
      {fields.map((field, index) => (
        <Card key={field.id} variant="outlined" sx={{ mb: 2 }} data-testid="risk-card">
          <CardContent>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
              <Typography variant="subtitle2" component="h4" sx={{ flex: 1, minWidth: 120 }}>
                {translate('assessments.risks.number', { n: index + 1 })}
              </Typography>
              <RiskLevels risk={risks[index] ?? {}} cells={cells} />
              {readOnly ? null : (
                <Tooltip title={translate('assessments.risks.remove')}>
                  <IconButton aria-label={translate('assessments.risks.remove')} onClick={() => remove(index)}>
                    <DeleteOutlineIcon />
                  </IconButton>
                </Tooltip>
              )}
            </Box>
            <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
              <TextInput source={`risks.${index}.title`} label="assessments.risks.title" fullWidth helperText={false} />
              <TextInput source={`risks.${index}.description`} label="assessments.risks.description" fullWidth multiline helperText={false} />
            </Box>
            <Box sx={RATINGS}>
              <RatingInput source={`risks.${index}.likelihood`} label="assessments.risks.likelihood" />
              <RatingInput source={`risks.${index}.impact`} label="assessments.risks.impact" />
            </Box>
            <TextInput source={`risks.${index}.measures`} label="assessments.risks.measures" fullWidth multiline helperText={false} />
            <Box sx={RATINGS}>
              <RatingInput source={`risks.${index}.residualLikelihood`} label="assessments.risks.residual_likelihood" />
              <RatingInput source={`risks.${index}.residualImpact`} label="assessments.risks.residual_impact" />
            </Box>
          </CardContent>
        </Card>
      ))}
      {readOnly ? null : (
        <Button startIcon={<AddIcon />} onClick={() => append(NEW_RISK)} data-testid="add-risk">
          {translate('assessments.risks.add')}
        </Button>
      )}
    </Box>
  );
}

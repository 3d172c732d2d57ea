import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { Alert, Autocomplete, Box, Card, CardContent, IconButton, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';
import {
  CODES_NEEDING_TREATMENT,
  LEVELS,
  RISK_CATEGORIES,
  TREATMENTS,
  codeOf,
  scoreItem,
  type EvaluationItem,
  type LevelDetail,
  type MatrixCells,
  type RiskCategory,
} from '../../../contract/risk';
import { ThaiDateInput } from '../../../src/components/ThaiDateInput';
import { RiskCodeChip } from '../RiskCodeChip';

interface Props {
  index: number;
  eventName: string;
  item: EvaluationItem;
  cells: MatrixCells;
  levels: Partial<Record<RiskCategory, LevelDetail>>;
  plans: RaRecord[];
  /** show the H/VH required-field errors (after a finish attempt) */
  showErrors: boolean;
  onChange: (item: EvaluationItem) => void;
  onRemove: () => void;
}

/** The item without half-filled ratings (a likelihood without its impact, or the reverse): what is scored and saved. */
export function completeRatings(item: EvaluationItem): EvaluationItem {
  const ratings = Object.fromEntries(Object.entries(item.ratings).filter(([, r]) => r && r.likelihood && r.impact));
  return { ...item, ratings };
}

const ratingOptions = (names?: LevelDetail) =>
  LEVELS.map((level) => ({ value: level, label: `${level}${names ? ` - ${names[level - 1].name}` : ''}` }));

/** One picked risk event: a likelihood and an impact per category, its code, and its treatment when H or VH. */
export function EvaluationItemCard({ index, eventName, item, cells, levels, plans, showErrors, onChange, onRemove }: Props) {
  const translate = useTranslate();
  const { code, residualCode } = scoreItem(cells, completeRatings(item));
  const needsTreatment = code !== null && CODES_NEEDING_TREATMENT.includes(code);
  const rate = (category: RiskCategory, field: 'likelihood' | 'impact', value: number | '') => {
    const ratings = { ...item.ratings };
    const current = ratings[category] ?? { likelihood: 0, impact: 0 };
    const next = { ...current, [field]: value === '' ? 0 : value };
    // a half-filled rating is kept while the user fills the other half; it is not scored or saved
    if (!next.likelihood && !next.impact) delete ratings[category];
    else ratings[category] = next;
    onChange({ ...item, ratings });
  };
  const missing = (value: unknown) => showErrors && needsTreatment && !value;
  const required = translate('risk.required');
  const plan = plans.find((p) => p.id === item.planId) ?? null;

  return (
    <Card variant="outlined" sx={{ mb: 2 }} data-testid="evaluation-item">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography variant="subtitle1" component="h3" sx={{ flex: 1, fontWeight: 700 }}>
            {index + 1}. {eventName}
          </Typography>
          <Typography variant="body2">{translate('risk.start.overall')}</Typography>
          <RiskCodeChip code={code} size="medium" />
          <Tooltip title={translate('risk.start.remove')}>
            <IconButton aria-label={`${translate('risk.start.remove')} ${eventName}`} onClick={onRemove}>
              <DeleteOutlineIcon />
            </IconButton>
          </Tooltip>
        </Box>
        <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', '& td, & th': { p: 0.5, textAlign: 'left' } }}>
          <thead>
            <tr>
              <th>{translate('risk.report.category')}</th>
              <th>{translate('risk.start.likelihood')}</th>
              <th>{translate('risk.start.impact')}</th>
              <th>{translate('risk.start.code')}</th>
            </tr>
          </thead>
          <tbody>
            {RISK_CATEGORIES.map((category) => {
              const rating = item.ratings[category];
              const label = translate(`risk.categories.${category}`);
              return (
                <tr key={category}>
                  <td>{label}</td>
                  {(['likelihood', 'impact'] as const).map((field) => (
                    <td key={field}>
                      <TextField
                        select
                        size="small"
                        value={rating?.[field] || ''}
                        onChange={(e) => rate(category, field, e.target.value === '' ? '' : Number(e.target.value))}
                        // MUI names a select by its shown value; a table cell has no label, so name it here
                        slotProps={{
                          select: {
                            SelectDisplayProps: {
                              'aria-label': `${label} ${translate(`risk.start.${field}`)}`,
                              'aria-labelledby': undefined,
                            } as object,
                          },
                        }}
                        sx={{ minWidth: 130 }}
                      >
                        <MenuItem value="">-</MenuItem>
                        {ratingOptions(field === 'impact' ? levels[category] : undefined).map((o) => (
                          <MenuItem key={o.value} value={o.value}>
                            {o.label}
                          </MenuItem>
                        ))}
                      </TextField>
                    </td>
                  ))}
                  <td>{rating?.likelihood && rating.impact ? <RiskCodeChip code={codeOf(cells, rating.likelihood, rating.impact)} /> : '-'}</td>
                </tr>
              );
            })}
          </tbody>
        </Box>
        {needsTreatment ? (
          <Box sx={{ mt: 2 }}>
            <Alert severity="warning" sx={{ mb: 2 }}>
              {translate('risk.start.treatment_needed')}
            </Alert>
            <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap', '& > *': { flex: '1 1 220px' } }}>
              <TextField
                label={translate('risk.start.owner')}
                value={item.owner ?? ''}
                onChange={(e) => onChange({ ...item, owner: e.target.value })}
                error={missing(item.owner)}
                helperText={missing(item.owner) ? required : ' '}
                required
                fullWidth
              />
              <TextField
                select
                label={translate('risk.start.treatment')}
                value={item.treatment ?? ''}
                onChange={(e) => onChange({ ...item, treatment: e.target.value as EvaluationItem['treatment'] })}
                error={missing(item.treatment)}
                helperText={missing(item.treatment) ? required : ' '}
                required
                fullWidth
              >
                {TREATMENTS.map((t) => (
                  <MenuItem key={t} value={t}>
                    {translate(`risk.start.treatments.${t}`)}
                  </MenuItem>
                ))}
              </TextField>
              <ThaiDateInput
                label={translate('risk.start.due_date')}
                value={item.dueDate}
                onChange={(dueDate) => onChange({ ...item, dueDate })}
                error={missing(item.dueDate)}
                helperText={missing(item.dueDate) ? required : ' '}
                required
              />
            </Stack>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
              <Autocomplete
                options={plans}
                value={plan}
                getOptionLabel={(p) => String(p.name)}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                onChange={(_e, picked) => onChange({ ...item, planId: picked ? String(picked.id) : null })}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label={translate('risk.start.plan_pick')}
                    error={missing(item.planId || item.planText)}
                    helperText={missing(item.planId || item.planText) ? required : ' '}
                  />
                )}
                sx={{ flex: 1 }}
              />
              <TextField
                label={translate('risk.start.plan_text')}
                value={item.planText ?? ''}
                onChange={(e) => onChange({ ...item, planText: e.target.value })}
                multiline
                sx={{ flex: 1 }}
                helperText=" "
              />
            </Stack>
            <Typography variant="subtitle2" sx={{ mt: 1 }}>
              {translate('risk.start.residual')}
            </Typography>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1 }}>
              {(['residualLikelihood', 'residualImpact'] as const).map((field) => (
                <TextField
                  key={field}
                  select
                  size="small"
                  label={translate(`risk.start.${field === 'residualLikelihood' ? 'residual_likelihood' : 'residual_impact'}`)}
                  value={item[field] ?? ''}
                  onChange={(e) => onChange({ ...item, [field]: e.target.value === '' ? null : Number(e.target.value) })}
                  sx={{ minWidth: 200 }}
                >
                  <MenuItem value="">-</MenuItem>
                  {LEVELS.map((level) => (
                    <MenuItem key={level} value={level}>
                      {level}
                    </MenuItem>
                  ))}
                </TextField>
              ))}
              <RiskCodeChip code={residualCode} />
            </Stack>
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}

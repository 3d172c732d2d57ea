import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, IconButton, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { TextInput, useTranslate } from 'react-admin';
import { ROPA_BASES, ROPA_ROLES, type RopaBody, type RopaChoices, type RopaPurpose } from '../../contract/ropa';
import { MultiPick } from '../datamap/Pickers';
import { basisKey } from './ropaUi';

interface Props {
  body: RopaBody;
  set: (patch: Partial<RopaBody>) => void;
  setRecord: (patch: Partial<RopaBody['record']>) => void;
  choices: RopaChoices | undefined;
  /** the saved record (step 2 shows its controller and refusals) */
  detail?: unknown;
  disabled: boolean;
}

const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];

/** Step 1 (`/ropa/activity/create/{ropaId?}`): the activity, the data it collects (from the data map), its purposes and bases, its subjects. */
export function RopaStep1({ body, set, setRecord, choices, disabled }: Props) {
  const translate = useTranslate();
  const f = (key: string) => translate(`ropa.fields.${key}`);
  const r = body.record;
  const sensitiveMark = translate('datamap.systems.sensitive_mark');
  // picking a system brings its categories, subjects and processors: a fact of the data map is entered once
  const pickSystems = (systemIds: string[]) => {
    const added = (choices?.systems ?? []).filter((s) => systemIds.includes(s.id) && !body.systemIds.includes(s.id));
    set({
      systemIds,
      categoryIds: union(
        body.categoryIds,
        added.flatMap((s) => s.categoryIds),
      ),
    });
    setRecord({
      subjectIds: union(
        r.subjectIds,
        added.flatMap((s) => s.subjectIds),
      ),
      processorIds: union(
        r.processorIds,
        added.flatMap((s) => s.processorIds),
      ),
    });
  };
  const setPurpose = (i: number, patch: Partial<RopaPurpose>) =>
    setRecord({ purposes: r.purposes.map((p, j) => (j === i ? { ...p, ...patch } : p)) });
  const chosenCategories = (choices?.categories ?? []).filter((c) => body.categoryIds.includes(c.id));
  const bases = ROPA_BASES.map((b) => ({ id: b.key, name: translate(basisKey(b.key)) }));
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1">{translate('ropa.form.step1')}</Typography>
      <TextInput
        source="name"
        size="small"
        label={f('name')}
        disabled={disabled}
        helperText={false}
        slotProps={{ htmlInput: { 'data-testid': 'ropa-name' } }}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <TextField
          select
          size="small"
          label={f('role')}
          value={body.role}
          disabled={disabled}
          onChange={(e) => set({ role: e.target.value as RopaBody['role'] })}
        >
          {ROPA_ROLES.map((role) => (
            <MenuItem key={role} value={role}>
              {translate(`ropa.role_records.${role}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={f('department')}
          value={body.departmentId ?? ''}
          disabled={disabled}
          onChange={(e) => set({ departmentId: e.target.value || null })}
        >
          <MenuItem value="">-</MenuItem>
          {(choices?.departments ?? []).map((d) => (
            <MenuItem key={d.id} value={d.id}>
              {d.name}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {body.role === 'processor' ? (
        <TextField
          size="small"
          multiline
          minRows={2}
          label={f('controllers')}
          value={r.controllers}
          disabled={disabled}
          onChange={(e) => setRecord({ controllers: e.target.value })}
        />
      ) : null}
      <TextField
        size="small"
        multiline
        minRows={2}
        label={f('description')}
        value={r.description}
        disabled={disabled}
        onChange={(e) => setRecord({ description: e.target.value })}
      />
      <MultiPick
        label={f('systems')}
        choices={choices?.systems ?? []}
        value={body.systemIds}
        onChange={pickSystems}
        disabled={disabled}
        testId="ropa-systems"
      />
      <MultiPick
        label={translate('ropa.items.data')}
        choices={choices?.categories ?? []}
        value={body.categoryIds}
        onChange={(categoryIds) => set({ categoryIds })}
        disabled={disabled}
        sensitiveMark={sensitiveMark}
        testId="ropa-categories"
      />
      <Typography variant="subtitle2">{translate('ropa.items.purposes')}</Typography>
      {r.purposes.map((p, i) => (
        <Paper key={i} variant="outlined" sx={{ p: 1.5 }} data-testid="ropa-purpose">
          <Stack spacing={1.5}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <TextField
                select
                size="small"
                sx={{ flex: 2 }}
                label={f('purpose')}
                value={p.purposeId ?? ''}
                disabled={disabled}
                onChange={(e) => setPurpose(i, { purposeId: e.target.value || null })}
                inputProps={{ 'data-testid': 'ropa-purpose-select' }}
              >
                <MenuItem value="">-</MenuItem>
                {(choices?.purposes ?? []).map((c) => (
                  <MenuItem key={c.id} value={c.id}>
                    {c.name}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                sx={{ flex: 1 }}
                label={f('purpose_text')}
                value={p.text}
                disabled={disabled}
                onChange={(e) => setPurpose(i, { text: e.target.value })}
              />
              {disabled ? null : (
                <IconButton aria-label={translate('common.delete')} onClick={() => setRecord({ purposes: r.purposes.filter((_, j) => j !== i) })}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              )}
            </Box>
            <MultiPick
              label={f('purpose_categories')}
              choices={chosenCategories}
              value={p.categoryIds}
              onChange={(categoryIds) => setPurpose(i, { categoryIds })}
              disabled={disabled}
              sensitiveMark={sensitiveMark}
            />
            <MultiPick
              label={f('bases')}
              choices={bases}
              value={p.bases}
              onChange={(b) => setPurpose(i, { bases: b as RopaPurpose['bases'] })}
              disabled={disabled}
              testId="ropa-bases"
            />
          </Stack>
        </Paper>
      ))}
      {disabled ? null : (
        <Box>
          <Button
            size="small"
            onClick={() => setRecord({ purposes: [...r.purposes, { purposeId: null, text: '', categoryIds: body.categoryIds, bases: [] }] })}
          >
            {f('add_purpose')}
          </Button>
        </Box>
      )}
      <MultiPick
        label={translate('ropa.items.subjects')}
        choices={choices?.subjects ?? []}
        value={r.subjectIds}
        onChange={(subjectIds) => setRecord({ subjectIds })}
        disabled={disabled}
        testId="ropa-subjects"
      />
    </Stack>
  );
}

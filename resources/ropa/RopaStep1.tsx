import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, IconButton, Paper, Stack, Typography } from '@mui/material';
import { TextInput, useTranslate } from 'react-admin';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { ROPA_BASES, ROPA_ROLES, type RopaBody, type RopaChoices } from '../../contract/ropa';
import { ChoiceInput } from '../../src/components/ChoiceInput';
import { MultiPickInput } from '../datamap/Pickers';
import { basisKey } from './ropaUi';

interface Props {
  choices: RopaChoices | undefined;
  /** the saved record (step 2 shows its controller and refusals) */
  detail?: unknown;
  disabled: boolean;
}

const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];

/**
 * Step 1 (`/ropa/activity/create/{ropaId?}`): the activity, the data it collects (from the data map), its
 * purposes and bases, its subjects. Every box is a field of the form (RopaForm's `<Form>`): its problem shows under it.
 */
export function RopaStep1({ choices, disabled }: Props) {
  const translate = useTranslate();
  const f = (key: string) => translate(`ropa.fields.${key}`);
  const { control, getValues, setValue } = useFormContext<RopaBody>();
  const [role, categoryIds] = useWatch({ control, name: ['role', 'categoryIds'] });
  const purposes = useFieldArray({ control, name: 'record.purposes' });
  const sensitiveMark = translate('datamap.systems.sensitive_mark');
  const dirty = { shouldDirty: true } as const;
  // picking a system brings its categories, subjects and processors: a fact of the data map is entered once
  const pickSystems = (systemIds: string[]) => {
    const body = getValues();
    const added = (choices?.systems ?? []).filter((s) => systemIds.includes(s.id) && !body.systemIds.includes(s.id));
    setValue('systemIds', systemIds, dirty);
    setValue(
      'categoryIds',
      union(
        body.categoryIds,
        added.flatMap((s) => s.categoryIds),
      ),
      dirty,
    );
    setValue(
      'record.subjectIds',
      union(
        body.record.subjectIds,
        added.flatMap((s) => s.subjectIds),
      ),
      dirty,
    );
    setValue(
      'record.processorIds',
      union(
        body.record.processorIds,
        added.flatMap((s) => s.processorIds),
      ),
      dirty,
    );
  };
  const chosenCategories = (choices?.categories ?? []).filter((c) => (categoryIds ?? []).includes(c.id));
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
        <ChoiceInput
          source="role"
          label={f('role')}
          choices={ROPA_ROLES.map((r) => ({ id: r, name: translate(`ropa.role_records.${r}`) }))}
          disabled={disabled}
        />
        <ChoiceInput source="departmentId" label={f('department')} choices={choices?.departments ?? []} emptyText="-" disabled={disabled} />
      </Box>
      {role === 'processor' ? (
        <TextInput source="record.controllers" size="small" multiline minRows={2} label={f('controllers')} disabled={disabled} helperText={false} />
      ) : null}
      <TextInput source="record.description" size="small" multiline minRows={2} label={f('description')} disabled={disabled} helperText={false} />
      <MultiPickInput
        source="systemIds"
        label={f('systems')}
        choices={choices?.systems ?? []}
        onPick={pickSystems}
        disabled={disabled}
        testId="ropa-systems"
      />
      <MultiPickInput
        source="categoryIds"
        label={translate('ropa.items.data')}
        choices={choices?.categories ?? []}
        disabled={disabled}
        sensitiveMark={sensitiveMark}
        testId="ropa-categories"
      />
      <Typography variant="subtitle2">{translate('ropa.items.purposes')}</Typography>
      {purposes.fields.map((p, i) => (
        <Paper key={p.id} variant="outlined" sx={{ p: 1.5 }} data-testid="ropa-purpose">
          <Stack spacing={1.5}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <ChoiceInput
                source={`record.purposes.${i}.purposeId`}
                sx={{ flex: 2 }}
                label={f('purpose')}
                choices={choices?.purposes ?? []}
                emptyText="-"
                disabled={disabled}
                testId="ropa-purpose-select"
              />
              <TextInput
                source={`record.purposes.${i}.text`}
                size="small"
                sx={{ flex: 1 }}
                label={f('purpose_text')}
                disabled={disabled}
                helperText={false}
              />
              {disabled ? null : (
                <IconButton aria-label={translate('common.delete')} onClick={() => purposes.remove(i)}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              )}
            </Box>
            <MultiPickInput
              source={`record.purposes.${i}.categoryIds`}
              label={f('purpose_categories')}
              choices={chosenCategories}
              disabled={disabled}
              sensitiveMark={sensitiveMark}
            />
            <MultiPickInput source={`record.purposes.${i}.bases`} label={f('bases')} choices={bases} disabled={disabled} testId="ropa-bases" />
          </Stack>
        </Paper>
      ))}
      {disabled ? null : (
        <Box>
          <Button size="small" onClick={() => purposes.append({ purposeId: null, text: '', categoryIds: getValues('categoryIds'), bases: [] })}>
            {f('add_purpose')}
          </Button>
        </Box>
      )}
      <MultiPickInput
        source="record.subjectIds"
        label={translate('ropa.items.subjects')}
        choices={choices?.subjects ?? []}
        disabled={disabled}
        testId="ropa-subjects"
      />
    </Stack>
  );
}

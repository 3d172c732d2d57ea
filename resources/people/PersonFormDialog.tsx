import { Box } from '@mui/material';
import { useEffect, useMemo } from 'react';
import { PasswordInput, RadioButtonGroupInput, SelectInput, TextInput, useGetList, useTranslate, type RaRecord } from 'react-admin';
import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import { PERSON_KINDS, personBody, personCreateBody } from '../../contract/people';
import { passwordProblem } from '../../contract/password';
import { useNotifyError } from '../../src/components/ErrorToast';
import { FormDialog } from '../../src/components/FormDialog';
import { formResolver } from '../../src/components/formResolver';
import { REFERENCE_CHOICES } from '../../src/resourceViews/fieldColumns';
import { useRoleName } from '../roles/useRoleName';
import { PEOPLE_CODES } from './peopleCalls';
import { useRoles } from './PersonCells';

/** A failed choice list (roles, departments, positions) shows the toast with the form's screen code. */
function useChoicesError() {
  const notifyError = useNotifyError();
  return (error: unknown) => notifyError(error, PEOPLE_CODES.choices);
}

/** The password also must not hold the person's own names (the server checks the same rule). */
const createSchema = personCreateBody.superRefine((person, ctx) => {
  if (passwordProblem(person.password, person) === 'password_has_name') {
    ctx.addIssue({ code: 'custom', path: ['password'], message: 'server.password_has_name' });
  }
});

/** What the add form starts from. */
const EMPTY_PERSON = {
  kind: 'staff',
  username: '',
  firstname: '',
  lastname: '',
  email: '',
  subId: '',
  roleId: '',
  departmentId: '',
  positionId: '',
  password: '',
};

const row = { display: 'flex', gap: 2, flexWrap: 'wrap', '& > *': { flex: '1 1 200px' } } as const;

function RoleSelect() {
  const roleName = useRoleName();
  const { data = [], isPending } = useRoles(useChoicesError());
  const choices = data.map((r) => ({ id: r.id, name: roleName(r) }));
  return <SelectInput source="roleId" label="people.fields.role" choices={choices} isPending={isPending} fullWidth />;
}

/** Department, then the positions of that department (all of them while none is chosen). */
function PlacementInputs() {
  const { setValue } = useFormContext();
  const departmentId = useWatch({ name: 'departmentId' }) as string | null;
  const positionId = useWatch({ name: 'positionId' }) as string | null;
  const onError = useChoicesError();
  const all = { pagination: { page: 1, perPage: REFERENCE_CHOICES } };
  const { data: departments = [], isPending } = useGetList('departments', all, { onError });
  const { data: positions = [] } = useGetList('positions', all, { onError });
  const choices = positions
    .filter((p) => !departmentId || p.departmentId === departmentId)
    .map((p) => ({ id: p.id, name: departmentId ? p.name : `${p.departmentName} / ${p.name}` }));
  useEffect(() => {
    // a position of another department does not follow the person into this one
    const held = positions.find((p) => p.id === positionId);
    if (departmentId && held && held.departmentId !== departmentId) setValue('positionId', '', { shouldDirty: true });
  }, [departmentId, positionId, positions, setValue]);
  return (
    <Box sx={row}>
      <SelectInput
        source="departmentId"
        label="people.fields.department"
        choices={departments}
        isPending={isPending}
        emptyText="people.none"
        fullWidth
      />
      <SelectInput source="positionId" label="people.fields.position" choices={choices} emptyText="people.none" fullWidth />
    </Box>
  );
}

function SubIdInput() {
  const kind = useWatch({ name: 'kind' });
  if (kind !== 'contact') return null;
  return <TextInput source="subId" label="people.fields.subId" helperText="people.fields.subId_hint" fullWidth />;
}

interface Props {
  /** the person being edited; `{}` adds one; undefined: closed */
  person?: Partial<RaRecord>;
  busy: boolean;
  onSubmit: (values: FieldValues) => void;
  onClose: () => void;
}

/** Add or edit a staff or contact user: kind, names, e-mail, role, department, position (and a first password). */
export function PersonFormDialog({ person, busy, onSubmit, onClose }: Props) {
  const translate = useTranslate();
  const isEdit = person?.id !== undefined;
  const resolver = useMemo(() => formResolver(isEdit ? personBody : createSchema, 'common.required'), [isEdit]);
  const record = isEdit
    ? { ...person, subId: person?.subId ?? '', departmentId: person?.departmentId ?? '', positionId: person?.positionId ?? '' }
    : { ...EMPTY_PERSON };
  return (
    <FormDialog
      open={Boolean(person)}
      title={translate(isEdit ? 'people.edit_title' : 'people.add_title')}
      record={record}
      resolver={resolver}
      onSubmit={onSubmit}
      onClose={onClose}
      busy={busy}
    >
      <RadioButtonGroupInput
        source="kind"
        label="people.fields.kind"
        choices={PERSON_KINDS.map((kind) => ({ id: kind, name: `people.kinds.${kind}` }))}
        row
      />
      <SubIdInput />
      <Box sx={row}>
        <TextInput source="firstname" label="people.fields.firstname" fullWidth autoFocus />
        <TextInput source="lastname" label="people.fields.lastname" fullWidth />
      </Box>
      <Box sx={row}>
        <TextInput source="username" label="people.fields.username" fullWidth autoComplete="off" />
        <TextInput source="email" label="people.fields.email" type="email" fullWidth />
      </Box>
      <RoleSelect />
      <PlacementInputs />
      {isEdit ? null : (
        <PasswordInput
          source="password"
          label="people.fields.password"
          helperText="people.fields.password_hint"
          fullWidth
          autoComplete="new-password"
        />
      )}
    </FormDialog>
  );
}

import { FormHelperText } from '@mui/material';
import { useMemo } from 'react';
import { TextInput, useInput, useTranslate } from 'react-admin';
import { roleBody, type RoleRight } from '../../contract/roles';
import { FormDialog } from '../../src/components/FormDialog';
import { formResolver } from '../../src/components/formResolver';
import { RightsGrid } from './RightsGrid';

/** What the form starts from: a new role, a company role to edit, or a role to copy. */
export interface RoleDraft {
  mode: 'add' | 'edit' | 'copy';
  id?: string;
  name: string;
  rights: RoleRight[];
}

function RightsInput() {
  const translate = useTranslate();
  const { field, fieldState } = useInput<RoleRight[]>({ source: 'rights', defaultValue: [] });
  return (
    <>
      <RightsGrid rights={field.value ?? []} onChange={field.onChange} />
      {fieldState.error ? <FormHelperText error>{translate(fieldState.error.message ?? 'common.required')}</FormHelperText> : null}
    </>
  );
}

interface Props {
  draft: RoleDraft | undefined;
  busy: boolean;
  onSave: (draft: RoleDraft, values: { name: string; rights: RoleRight[] }) => void;
  onClose: () => void;
}

/** Add, edit or copy a role: its name and the rights grid, checked by the contract's rules. */
export function RoleFormDialog({ draft, busy, onSave, onClose }: Props) {
  const translate = useTranslate();
  const resolver = useMemo(() => formResolver(roleBody, 'common.required'), []);
  return (
    <FormDialog
      open={Boolean(draft)}
      title={translate(`roles.${draft?.mode ?? 'add'}_title`)}
      record={{ id: draft ? `${draft.mode}:${draft.id ?? ''}` : undefined, name: draft?.name ?? '', rights: draft?.rights ?? [] }}
      resolver={resolver}
      onSubmit={(values) => draft && onSave(draft, { name: values.name, rights: values.rights })}
      onClose={onClose}
      busy={busy}
    >
      <TextInput source="name" label="roles.name" fullWidth autoFocus />
      <RightsInput />
    </FormDialog>
  );
}

import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, FormHelperText, IconButton, Stack, Typography } from '@mui/material';
import { SelectInput, TextInput, useTranslate } from 'react-admin';
import { useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import type { DpoMember } from '../../contract/dpo';

/** A board's members: each one of the company's people, or an outside person by name, with their role on the board. */
export function BoardMembers({ people }: { people: { _id: string; name: string }[] }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`dpo.form.${key}`);
  const { control, setValue } = useFormContext<{ members: DpoMember[] }>();
  const { fields, append, remove } = useFieldArray({ control, name: 'members' });
  const members = useWatch<{ members: DpoMember[] }, 'members'>({ name: 'members' }) ?? [];
  const { errors } = useFormState<{ members: DpoMember[] }>({ name: 'members' });
  const problem = errors.members?.message ?? errors.members?.root?.message;
  const choices = people.map((p) => ({ id: p._id, name: p.name }));
  return (
    <Box>
      <Typography variant="subtitle1">{t('members')}</Typography>
      <Stack spacing={1.5} sx={{ mt: 1 }}>
        {fields.map((member, i) => (
          <Stack key={member.id} direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'flex-start' } }}>
            <SelectInput
              source={`members.${i}.userId`}
              label={t('member_user')}
              choices={choices}
              // the empty choice is an outside person
              format={(userId: string | null) => userId ?? ''}
              parse={(value: string) => value || null}
              onChange={(e) => e.target.value && setValue(`members.${i}.name`, '')}
              emptyText={t('outside')}
              helperText={false}
              sx={{ minWidth: 240 }}
            />
            {!members[i]?.userId ? <TextInput source={`members.${i}.name`} label={t('member_name')} /> : null}
            <TextInput source={`members.${i}.position`} label={t('member_position')} helperText={false} />
            <IconButton aria-label={t('remove_member')} onClick={() => remove(i)}>
              <DeleteIcon />
            </IconButton>
          </Stack>
        ))}
      </Stack>
      {problem ? <FormHelperText error>{translate(problem, { _: problem })}</FormHelperText> : null}
      <Button startIcon={<AddIcon />} sx={{ mt: 1 }} onClick={() => append({ userId: null, name: '', position: '' })}>
        {t('add_member')}
      </Button>
    </Box>
  );
}

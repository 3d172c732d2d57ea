import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, FormHelperText, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DpoMember } from '../../contract/dpo';

/** the choice of an outside person (a select shows nothing for an empty value) */
const OUTSIDE = 'outside';

/** A board's members: each one of the company's people, or an outside person by name, with their role on the board. */
export function BoardMembers({
  members,
  people,
  onChange,
  problem,
}: {
  members: DpoMember[];
  people: { _id: string; name: string }[];
  onChange(members: DpoMember[]): void;
  problem(path: string): string | undefined;
}) {
  const translate = useTranslate();
  const t = (key: string) => translate(`dpo.form.${key}`);
  const set = (i: number, patch: Partial<DpoMember>) => onChange(members.map((m, j) => (j === i ? { ...m, ...patch } : m)));
  return (
    <Box>
      <Typography variant="subtitle1">{t('members')}</Typography>
      <Stack spacing={1.5} sx={{ mt: 1 }}>
        {members.map((m, i) => (
          <Stack key={i} direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'flex-start' } }}>
            <TextField
              select
              sx={{ minWidth: 240 }}
              label={t('member_user')}
              value={m.userId ?? OUTSIDE}
              onChange={(e) => set(i, e.target.value === OUTSIDE ? { userId: null } : { userId: e.target.value, name: '' })}
            >
              <MenuItem value={OUTSIDE}>{t('outside')}</MenuItem>
              {people.map((p) => (
                <MenuItem key={p._id} value={p._id}>
                  {p.name}
                </MenuItem>
              ))}
            </TextField>
            {!m.userId ? (
              <TextField
                label={t('member_name')}
                value={m.name}
                onChange={(e) => set(i, { name: e.target.value })}
                error={!!problem(`members.${i}.name`)}
                helperText={problem(`members.${i}.name`)}
              />
            ) : null}
            <TextField label={t('member_position')} value={m.position} onChange={(e) => set(i, { position: e.target.value })} />
            <IconButton aria-label={t('remove_member')} onClick={() => onChange(members.filter((_, j) => j !== i))}>
              <DeleteIcon />
            </IconButton>
          </Stack>
        ))}
      </Stack>
      {problem('members') ? <FormHelperText error>{problem('members')}</FormHelperText> : null}
      <Button startIcon={<AddIcon />} sx={{ mt: 1 }} onClick={() => onChange([...members, { userId: null, name: '', position: '' }])}>
        {t('add_member')}
      </Button>
    </Box>
  );
}

import { Box, Paper, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { RoleList } from './RoleList';

/** `/settings/contacts/role`: the company's roles and what each may do. */
export default function RolePage() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={translate('roles.title')} />
      <Typography variant="h5" component="h1" sx={{ mb: 0.5 }}>
        {translate('roles.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('roles.intro')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <RoleList />
      </Paper>
    </Box>
  );
}

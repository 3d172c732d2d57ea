import { Box, Paper, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { ApiKeyList } from './ApiKeyList';

/** `/settings/api-keys`: the keys the company's own apps call the API with. */
export default function ApiKeysPage() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={translate('apikeys.title')} />
      <Typography variant="h5" component="h1" sx={{ mb: 0.5 }}>
        {translate('apikeys.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {translate('apikeys.intro')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('apikeys.usage')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <ApiKeyList />
      </Paper>
    </Box>
  );
}

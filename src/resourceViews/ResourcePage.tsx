import { Box, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { useTexts } from '../i18n/i18nProvider';
import { ResourceListView, type ListedResource } from './ResourceListView';

/** A resource's own screen at `/<name>` when its definition declares a generated list. */
export default function ResourcePage({ definition }: { definition: ListedResource }) {
  useTexts(...(definition.texts.area ? [definition.texts.area] : []));
  const translate = useTranslate();
  const title = translate(`resources.${definition.name}.name`, { smart_count: 2 });
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <ResourceListView definition={definition} />
    </Box>
  );
}

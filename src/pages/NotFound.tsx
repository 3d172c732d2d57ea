import SearchOffIcon from '@mui/icons-material/SearchOff';
import { useTranslate } from 'react-admin';
import { MessagePage } from './MessagePage';

/** `/404` (public): a link back to `/`. */
export default function NotFound() {
  const translate = useTranslate();
  return (
    <MessagePage
      icon={<SearchOffIcon fontSize="inherit" />}
      title={translate('pages.not_found.title')}
      text={translate('pages.not_found.text')}
      action={{ to: '/', label: translate('pages.not_found.back') }}
    />
  );
}

import ConstructionIcon from '@mui/icons-material/Construction';
import { Title, useTranslate } from 'react-admin';
import { MessagePage } from './MessagePage';

/** The screen of a module not built yet: its route, menu and permission check already hold. */
export default function ComingSoon() {
  const translate = useTranslate();
  return (
    <>
      <Title title={translate('pages.coming.title')} />
      <MessagePage
        icon={<ConstructionIcon fontSize="inherit" />}
        title={translate('pages.coming.title')}
        text={translate('pages.coming.text')}
        action={{ to: '/', label: translate('pages.forbidden.back') }}
      />
    </>
  );
}

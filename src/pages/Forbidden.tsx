import BlockIcon from '@mui/icons-material/Block';
import { Title, useTranslate } from 'react-admin';
import { MessagePage } from './MessagePage';

export default function Forbidden() {
  const translate = useTranslate();
  return (
    <>
      <Title title={translate('pages.forbidden.title')} />
      <MessagePage
        icon={<BlockIcon fontSize="inherit" />}
        title={translate('pages.forbidden.title')}
        text={translate('pages.forbidden.text')}
        action={{ to: '/', label: translate('pages.forbidden.back') }}
      />
    </>
  );
}

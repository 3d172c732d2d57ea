import { Alert, CircularProgress } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { failureText } from '../../../src/components/ErrorToast';
import { fetchPolicy } from '../consentApi';
import { NoticeText } from './NoticeText';
import { PublicShell } from '../../../src/components/PublicShell';
import { useTexts } from '../../../src/i18n/i18nProvider';

/** `/privacy-policy/{companyId}/{formId}`: the latest published version of the notice, to read. */
export default function PrivacyPolicyPage() {
  useTexts('consent');
  const { companyId = '', formId = '' } = useParams();
  const translate = useTranslate();
  const notice = useQuery({ queryKey: ['policy', companyId, formId], queryFn: () => fetchPolicy(companyId, formId), retry: false });
  return (
    <PublicShell>
      {notice.isPending ? <CircularProgress aria-label={translate('app.loading')} /> : null}
      {notice.error ? <Alert severity="error">{failureText(notice.error, translate)}</Alert> : null}
      {notice.data ? <NoticeText notice={notice.data} /> : null}
    </PublicShell>
  );
}

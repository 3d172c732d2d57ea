import { CircularProgress } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { AppDataProvider } from '../../../dataProvider';
import { NoticeText } from './NoticeText';
import { PublicLoadFailed, PublicShell } from '../../../src/components/PublicShell';
import { useTexts } from '../../../src/i18n/i18nProvider';

/** `/privacy-policy/{companyId}/{formId}`: the latest published version of the notice, to read. */
export default function PrivacyPolicyPage() {
  useTexts('consent');
  const { companyId = '', formId = '' } = useParams();
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notice = useQuery({
    queryKey: ['consent-notices', 'policy', companyId, formId],
    queryFn: () => dataProvider.privacyPolicy({ companyId, formId }),
    retry: false,
  });
  return (
    <PublicShell>
      {notice.isPending ? <CircularProgress aria-label={translate('app.loading')} /> : null}
      {notice.error ? <PublicLoadFailed error={notice.error} /> : null}
      {notice.data ? <NoticeText notice={notice.data} /> : null}
    </PublicShell>
  );
}

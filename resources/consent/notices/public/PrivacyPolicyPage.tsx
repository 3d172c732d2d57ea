import { CircularProgress } from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { AppDataProvider } from '../../../../dataProvider';
import { NoticeText } from './NoticeText';
import { PublicLoadFailed, PublicShell } from '../../../../src/components/PublicShell';
import { useTexts } from '../../../../src/i18n/i18nProvider';
import { usePublicRead } from '../../../../src/pages/usePublicRead';

/** `/privacy-policy/{companyId}/{formId}`: the latest published version of the notice, to read. */
export default function PrivacyPolicyPage() {
  useTexts('consent');
  const { companyId = '', formId = '' } = useParams();
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notice = usePublicRead(['consent-notices', 'policy', companyId, formId], () => dataProvider.privacyPolicy({ companyId, formId }));
  return (
    <PublicShell>
      {notice.isPending ? <CircularProgress aria-label={translate('app.loading')} /> : null}
      {notice.error ? <PublicLoadFailed error={notice.error} /> : null}
      {notice.data ? <NoticeText notice={notice.data} /> : null}
    </PublicShell>
  );
}

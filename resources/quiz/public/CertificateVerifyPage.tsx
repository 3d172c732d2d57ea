import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { PublicShell } from '../../../src/components/PublicShell';
import { useTexts } from '../../../src/i18n/i18nProvider';
import { useEndFirstPaint } from '../../../src/pages/firstPaint';
import { VerifyCertificate } from '../VerifyCertificate';

/** `/certificate/{code}`: the public page a certificate's printed link and QR code open; anyone may check the code, no sign-in. */
export default function CertificateVerifyPage() {
  useTexts('quiz');
  const translate = useTranslate();
  const { code = '' } = useParams();
  useEndFirstPaint(true);
  return (
    <PublicShell>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('quiz.verify.public_title')}
      </Typography>
      <VerifyCertificate initialCode={code} toast={false} />
    </PublicShell>
  );
}

import { Alert, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { SmeAssessment } from '../../contract/ropaSme';
import type { AppDataProvider } from '../../dataProvider';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { QuestionnaireCard } from '../../src/components/QuestionnaireCard';
import { SmeDialog } from './SmeDialog';

/** The result of the SME exemption wizard: may a reduced register be kept, what must still be recorded, when and by whom. */
export function SmeResultBox({
  result,
  body,
}: {
  result: Pick<SmeAssessment, 'size' | 'byStaff' | 'byRevenue' | 'exempt' | 'mustRecord' | 'blockers'>;
  body: SmeAssessment['answers']['body'];
}) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`ropa.sme.${key}`, options);
  return (
    <Alert severity={result.exempt ? 'success' : 'warning'} role="status">
      <Typography sx={{ fontWeight: 700 }}>{t(result.exempt ? 'exempt' : 'not_exempt')}</Typography>
      <Typography variant="body2">
        {body === 'sme'
          ? t('size_line', { size: t(`sizes.${result.size}`), staff: t(`sizes.${result.byStaff}`), revenue: t(`sizes.${result.byRevenue}`) })
          : t('body_line', { body: t(`bodies.${body}`) })}
      </Typography>
      {result.exempt ? (
        <>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t('must_record')}
          </Typography>
          <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid="ropa-sme-must">
            {result.mustRecord.map((m) => (
              <li key={m}>
                <Typography variant="body2">{t(`must.${m}`)}</Typography>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t('blocked_by')}
          </Typography>
          <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid="ropa-sme-blockers">
            {result.blockers.map((b) => (
              <li key={b}>
                <Typography variant="body2">{t(`blockers.${b}`)}</Typography>
              </li>
            ))}
          </ul>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t('not_exempt_hint')}
          </Typography>
        </>
      )}
    </Alert>
  );
}

/** On the ROPA dashboard: the newest answers' result with its date and who, earlier answers, and a new round. */
export function SmeCard() {
  const translate = useTranslate();
  const canEdit = useCanEdit('ropa');
  const dataProvider = useDataProvider<AppDataProvider>();
  const query = useQuery({ queryKey: ['ropa-sme'], queryFn: () => dataProvider.smeAssessments() });
  return (
    <QuestionnaireCard
      query={query}
      texts="ropa.sme"
      canEdit={canEdit}
      testId="ropa-sme"
      titleVariant="subtitle1"
      earlierMax={5}
      result={(latest) => <SmeResultBox result={latest} body={latest.answers.body} />}
      resultLabel={(a) => translate(`ropa.sme.${a.exempt ? 'result_exempt' : 'result_full'}`)}
      dialog={(latest, onClose) => <SmeDialog previous={latest?.answers} onClose={onClose} />}
    />
  );
}

import { Alert, Box, Button, Chip, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Form, SelectInput, TextInput, useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { FieldValues, SubmitHandler } from 'react-hook-form';
import { questionnaireSendBody, type DiligenceRecord } from '../../contract/processors';
import type { AppDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/dates';
import { useNotifyError } from '../../src/components/ErrorToast';
import { formResolver } from '../../src/components/formResolver';
import { SaveFailed } from '../../src/components/serverFieldError';
import { UnsavedChangesSpy } from '../../src/components/unsavedChanges';
import { PROCESSOR_CODES } from './processorUi';

const resolver = formResolver(questionnaireSendBody, 'ra.validation.required');
const EMPTY = { sentTo: '', lang: 'th' };

/** The questionnaires sent to a processor: send a new link (shown once), see the answers' score and risk level, open a risk event from it. */
export function QuestionnairePanel({
  record,
  canEdit,
  canOpenRisk,
  onDirtyChange,
}: {
  record: DiligenceRecord;
  canEdit: boolean;
  canOpenRisk: boolean;
  /** whether an address is typed and not sent (the page's leave guard) */
  onDirtyChange(dirty: boolean): void;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [link, setLink] = useState<string>();
  // a new key empties the form once a questionnaire is sent
  const [round, setRound] = useState(0);
  const t = (key: string, options?: Record<string, unknown>) => translate(`processors.questionnaire.${key}`, options);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['processor-diligence'] });
  const send = useMutation({
    mutationFn: (body: { sentTo: string; lang: 'th' | 'en' }) => dataProvider.sendProcessorQuestionnaire({ id: record.id, ...body }),
    onSuccess: async (reply) => {
      setLink(new URL(reply.link, window.location.origin).toString());
      setRound((r) => r + 1);
      notify(reply.emailed ? 'processors.questionnaire.emailed' : 'processors.questionnaire.sent', {
        type: 'success',
        messageArgs: { email: reply.data.sentTo },
      });
      await refresh();
    },
    onError: (e) => notifyError(e, PROCESSOR_CODES.send),
  });
  const openRisk = useMutation({
    mutationFn: (questionnaireId: string) => dataProvider.openProcessorRiskEvent({ id: record.id, questionnaireId }),
    onSuccess: async () => {
      notify('processors.questionnaire.risk_opened', { type: 'success' });
      await refresh();
    },
    onError: (e) => notifyError(e, PROCESSOR_CODES.risk),
  });
  // a send that failed leaves the address typed: the page's guard still asks
  const submit: SubmitHandler<FieldValues> = (values) =>
    send.mutateAsync(values as { sentTo: string; lang: 'th' | 'en' }).then(
      () => undefined,
      () => Promise.reject(new SaveFailed()),
    );
  return (
    <Stack spacing={1} data-testid="questionnaires">
      <Typography variant="subtitle1">{t('title')}</Typography>
      {record.questionnaires.length ? (
        record.questionnaires.map((q) => (
          <Box key={q.id} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', borderBottom: 1, borderColor: 'divider', py: 0.5 }}>
            <Chip
              size="small"
              label={t(`states.${q.state}`)}
              color={q.state === 'answered' ? 'success' : q.state === 'expired' ? 'default' : 'info'}
            />
            <Typography variant="body2">{q.sentTo}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('sent_on')} {formatDate(q.sent_dt, locale)} · {t('expires_on')} {formatDate(q.expires_dt, locale)}
            </Typography>
            {q.state === 'answered' ? (
              <>
                <Typography variant="body2">
                  {t('answered_by')} {q.respondentName} · {t('score')} {q.score}/100 · {t('risk')} {q.riskCode}
                </Typography>
                {canEdit && canOpenRisk && !q.riskEventId ? (
                  <Button size="small" variant="outlined" disabled={openRisk.isPending} onClick={() => openRisk.mutate(q.id)}>
                    {t('open_risk')}
                  </Button>
                ) : null}
                {q.riskEventId ? <Chip size="small" color="warning" label={t('risk_opened')} /> : null}
              </>
            ) : null}
          </Box>
        ))
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('empty')}
        </Typography>
      )}
      {link ? (
        <Alert severity="success" onClose={() => setLink(undefined)}>
          <Typography variant="body2">{t('link_title')}</Typography>
          <TextField value={link} size="small" fullWidth slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'questionnaire-link' } }} />
        </Alert>
      ) : null}
      {canEdit ? (
        <Form key={round} record={EMPTY} resolver={resolver} onSubmit={submit} noValidate>
          <UnsavedChangesSpy onChange={onDirtyChange} />
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <TextInput source="sentTo" label={t('sent_to')} size="small" helperText={false} />
            <SelectInput
              source="lang"
              label={t('lang')}
              size="small"
              choices={[
                { id: 'th', name: 'ไทย' },
                { id: 'en', name: 'English' },
              ]}
              translateChoice={false}
              helperText={false}
            />
            <Button type="submit" variant="contained" disabled={send.isPending} sx={{ mt: 1 }}>
              {t('send')}
            </Button>
          </Box>
        </Form>
      ) : null}
    </Stack>
  );
}

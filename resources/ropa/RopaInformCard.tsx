import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { SelectInput, TextInput, useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { bangkokDay } from '../../contract/clock';
import { ROPA_INFORM_EXEMPTIONS, ROPA_INFORM_METHODS, ropaInformBody, type RopaInformBody, type RopaInformTask } from '../../contract/ropaInform';
import type { AppDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/dates';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { FormDialog } from '../../src/components/FormDialog';
import { formResolver } from '../../src/components/formResolver';
import { fieldErrorsOf } from '../../src/components/serverFieldError';
import { ThaiDateSourceInput } from '../../src/components/ThaiDateSourceInput';
import { useNotifyError } from '../../src/components/ErrorToast';
import { ROPA_CODES } from './ropaUi';

const resolver = formResolver(ropaInformBody, 'ropa.inform.required');
const STATE_COLOURS = { to_do: 'warning', done: 'success', exempt: 'default' } as const;

/**
 * s.25 on the activity's side panel: the task to inform the subjects of data received from another
 * source — when it was received, the day it is due, whether it is done (how and when) or exempt (why);
 * the letter made from the shipped template; the earlier collections' tasks as proof.
 */
export function RopaInformCard({
  activityId,
  activityName,
  tasks,
  canEdit,
  onChange,
}: {
  activityId: string;
  activityName: string;
  tasks: RopaInformTask[];
  canEdit: boolean;
  onChange(task: RopaInformTask): void;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const canMakeLetter = useCanEdit('sheets');
  const [asking, setAsking] = useState<'done' | 'exempt' | null>(null);
  const [busy, setBusy] = useState(false);
  if (!tasks.length) return null;
  const [task, ...earlier] = tasks;
  const day = (d: string) => formatDate(d, locale);

  const send = async (body: RopaInformBody) => {
    setBusy(true);
    try {
      onChange(await dataProvider.closeRopaInform({ id: activityId, body }));
      notify(body.state === 'to_do' ? 'ropa.inform.reopened' : 'ropa.inform.saved', { type: 'success' });
      setAsking(null);
      return undefined;
    } catch (err) {
      const onField = fieldErrorsOf(err);
      if (!onField) notifyError(err, ROPA_CODES.inform);
      return onField;
    } finally {
      setBusy(false);
    }
  };
  const outcome = (t: RopaInformTask) =>
    t.state === 'done'
      ? translate('ropa.inform.informed', { date: day(t.informedOn!), method: translate(`ropa.inform.methods.${t.method}`) })
      : t.state === 'exempt'
        ? translate('ropa.inform.exempted', { exemption: translate(`ropa.inform.exemptions.${t.exemption}`) })
        : null;
  const letterTemplate = `std-indirect-notice-${locale === 'en' ? 'en' : 'th'}`;

  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="ropa-inform">
      <Stack spacing={1}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="subtitle2" component="h2" sx={{ flex: 1 }}>
            {translate('ropa.inform.title')}
          </Typography>
          <Chip
            size="small"
            color={STATE_COLOURS[task.state]}
            label={translate(`ropa.inform.states.${task.state}`)}
            data-testid="ropa-inform-state"
          />
          {task.overdue ? <Chip size="small" color="error" label={translate('ropa.inform.overdue')} data-testid="ropa-inform-overdue" /> : null}
        </Box>
        <Typography variant="body2">
          {translate('ropa.inform.collected', { date: day(task.collectedOn) })} · {translate('ropa.inform.due', { date: day(task.dueOn) })}
        </Typography>
        {outcome(task) ? (
          <Typography variant="body2" data-testid="ropa-inform-outcome">
            {outcome(task)}
          </Typography>
        ) : null}
        {task.note ? (
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {task.note}
          </Typography>
        ) : null}
        {task.closedBy && task.closed_dt ? (
          <Typography variant="caption" color="text.secondary">
            {translate('ropa.inform.closed_by', { name: task.closedBy.name, date: formatDate(task.closed_dt, locale, true) })}
          </Typography>
        ) : null}
        {task.letter ? (
          <Typography variant="body2" data-testid="ropa-inform-letter">
            {translate('ropa.inform.letter')}
            <Link to={`/sheets/edit?id=${task.letter.id}`}>{task.letter.title}</Link>
          </Typography>
        ) : canMakeLetter && task.state === 'to_do' ? (
          <Button
            size="small"
            variant="outlined"
            component={Link}
            sx={{ alignSelf: 'flex-start' }}
            to={`/sheets/create?${new URLSearchParams({
              ropaActivityId: activityId,
              templateId: letterTemplate,
              title: translate('ropa.inform.letter_title', { name: activityName }),
            })}`}
            data-testid="ropa-inform-make-letter"
          >
            {translate('ropa.inform.make_letter')}
          </Button>
        ) : null}
        {canEdit ? (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {task.state === 'to_do' ? (
              <>
                <Button size="small" variant="contained" disabled={busy} onClick={() => setAsking('done')}>
                  {translate('ropa.inform.mark_done')}
                </Button>
                <Button size="small" variant="outlined" disabled={busy} onClick={() => setAsking('exempt')}>
                  {translate('ropa.inform.mark_exempt')}
                </Button>
              </>
            ) : (
              <Button size="small" variant="outlined" disabled={busy} onClick={() => void send({ state: 'to_do' })}>
                {translate('ropa.inform.reopen')}
              </Button>
            )}
          </Box>
        ) : null}
        {earlier.length ? (
          <Box data-testid="ropa-inform-earlier">
            <Typography variant="caption" color="text.secondary">
              {translate('ropa.inform.earlier')}
            </Typography>
            {earlier.map((t) => (
              <Typography key={t.id} variant="body2">
                {translate('ropa.inform.collected', { date: day(t.collectedOn) })} · {outcome(t)}
              </Typography>
            ))}
          </Box>
        ) : null}
      </Stack>
      <FormDialog
        open={asking === 'done'}
        title={translate('ropa.inform.done_title')}
        record={{ id: `${task.id}-done`, state: 'done', informedOn: bangkokDay(), method: 'letter', note: '' }}
        resolver={resolver}
        onSubmit={(values: FieldValues) => send(values as RopaInformBody)}
        onClose={() => setAsking(null)}
        busy={busy}
        submitLabel="ropa.inform.save"
      >
        <Stack spacing={2}>
          <Box data-field="informedOn">
            <ThaiDateSourceInput source="informedOn" label={translate('ropa.inform.informed_on')} yearsAhead={0} yearsBack={5} />
          </Box>
          <SelectInput
            source="method"
            label={translate('ropa.inform.method')}
            choices={ROPA_INFORM_METHODS.map((m) => ({ id: m, name: translate(`ropa.inform.methods.${m}`) }))}
            fullWidth
          />
          <TextInput source="note" label={translate('ropa.inform.note')} multiline minRows={2} fullWidth />
        </Stack>
      </FormDialog>
      <FormDialog
        open={asking === 'exempt'}
        title={translate('ropa.inform.exempt_title')}
        record={{ id: `${task.id}-exempt`, state: 'exempt', exemption: '', note: '' }}
        resolver={resolver}
        onSubmit={(values: FieldValues) => send(values as RopaInformBody)}
        onClose={() => setAsking(null)}
        busy={busy}
        submitLabel="ropa.inform.save"
      >
        <SelectInput
          source="exemption"
          label={translate('ropa.inform.exemption')}
          choices={ROPA_INFORM_EXEMPTIONS.map((x) => ({ id: x, name: translate(`ropa.inform.exemptions.${x}`) }))}
          fullWidth
        />
        <TextInput source="note" label={translate('ropa.inform.reason')} multiline minRows={2} fullWidth />
      </FormDialog>
    </Paper>
  );
}

import { Alert, Box, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import type { RopaBody, RopaChoices, RopaDetail } from '../../contract/ropa';
import type { AppDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/dates';
import { ThaiDateInput } from '../../src/components/ThaiDateInput';
import { MultiPick } from '../datamap/Pickers';
import { TransfersEditor } from '../datamap/TransfersEditor';

interface Props {
  body: RopaBody;
  set: (patch: Partial<RopaBody>) => void;
  setRecord: (patch: Partial<RopaBody['record']>) => void;
  choices: RopaChoices | undefined;
  detail: RopaDetail | undefined;
  disabled: boolean;
}

/** Step 2 (`/ropa/activity/create2`): controller and DPO, retention, access, disclosures, refusals (read-only), security, transfers, links. */
export function RopaStep2({ body, set, setRecord, choices, detail, disabled }: Props) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const dpos = useQuery({ queryKey: ['people', 'dpo-list'], queryFn: () => dataProvider.dpoList() });
  const f = (key: string) => translate(`ropa.fields.${key}`);
  const r = body.record;
  const text = (key: 'retention' | 'accessRights' | 'accessConditions' | 'disclosures' | 'security' | 'source', label: string, testId?: string) => (
    <TextField
      size="small"
      multiline
      minRows={2}
      label={label}
      value={r[key]}
      disabled={disabled}
      onChange={(e) => setRecord({ [key]: e.target.value })}
      inputProps={testId ? { 'data-testid': testId } : undefined}
    />
  );
  const c = detail?.controller;
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1">{translate('ropa.form.step2')}</Typography>
      <Paper variant="outlined" sx={{ p: 1.5 }}>
        <Typography variant="subtitle2">{translate('ropa.items.controller')}</Typography>
        <Typography variant="body2">{c ? [c.name, c.address, c.phone, c.email].filter(Boolean).join(' · ') : '-'}</Typography>
        <Typography variant="caption" color="text.secondary">
          {translate('ropa.form.controller_from_settings')}
        </Typography>
        <TextField
          select
          size="small"
          fullWidth
          sx={{ mt: 1.5 }}
          label={f('dpo')}
          value={r.dpoId}
          disabled={disabled}
          onChange={(e) => setRecord({ dpoId: e.target.value })}
        >
          <MenuItem value="">
            {f('dpo_settings')}
            {detail && !r.dpoId && detail.dpo.name ? `: ${detail.dpo.name}` : ''}
          </MenuItem>
          {(dpos.data ?? []).map((d) => (
            <MenuItem key={d._id} value={d._id}>
              {d.name}
            </MenuItem>
          ))}
        </TextField>
      </Paper>
      {text('retention', translate('ropa.items.retention'), 'ropa-retention')}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {text('accessRights', f('access_rights'), 'ropa-access')}
        {text('accessConditions', f('access_conditions'))}
      </Box>
      {text('disclosures', translate('ropa.items.disclosures'), 'ropa-disclosures')}
      {text('security', translate('ropa.items.security'), 'ropa-security')}
      {text('source', f('source'))}
      <TransfersEditor source="record.transfers" disabled={disabled} />
      <MultiPick
        label={f('processors')}
        choices={choices?.processors ?? []}
        value={r.processorIds}
        onChange={(processorIds) => setRecord({ processorIds })}
        disabled={disabled}
      />
      <MultiPick
        label={f('notices')}
        choices={choices?.notices ?? []}
        value={r.noticeIds}
        onChange={(noticeIds) => setRecord({ noticeIds })}
        disabled={disabled}
      />
      <MultiPick
        label={f('dsr_forms')}
        choices={choices?.dsrForms ?? []}
        value={body.dsrFormIds}
        onChange={(dsrFormIds) => set({ dsrFormIds })}
        disabled={disabled}
      />
      <Box>
        <ThaiDateInput label={f('review_date')} value={body.reviewDate} onChange={(reviewDate) => set({ reviewDate })} yearsAhead={5} />
      </Box>
      <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="ropa-refusals">
        <Typography variant="subtitle2">{translate('ropa.items.refusals')}</Typography>
        <Typography variant="caption" color="text.secondary">
          {translate('ropa.form.refusals_auto')}
        </Typography>
        {detail?.refusals.length ? (
          detail.refusals.map((x) => (
            <Alert key={x.id} severity="info" sx={{ mt: 1 }}>
              <strong>{x.referenceCode}</strong> · {formatDate(x.refused_dt, locale)} · {x.rights.map((k) => translate(`dsr.rights.${k}`)).join(', ')}
              <br />
              {translate(`dsr.grounds.${x.legalGround}`)}: {x.reasons}
            </Alert>
          ))
        ) : (
          <Typography variant="body2">{translate('ropa.form.no_refusals')}</Typography>
        )}
      </Paper>
    </Stack>
  );
}

import { Alert, Box, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { TextInput, useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { RopaBody, RopaChoices, RopaDetail } from '../../contract/ropa';
import type { AppDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/dates';
import { ChoiceInput } from '../../src/components/ChoiceInput';
import { ThaiDateSourceInput } from '../../src/components/ThaiDateSourceInput';
import { MultiPickInput } from '../datamap/Pickers';
import { TransfersEditor } from '../datamap/TransfersEditor';
import { RopaRetentionRules } from '../retention/RopaRetentionRules';
import { RopaOtherSource } from './RopaOtherSource';
import { RopaTransfers } from './RopaTransfers';

interface Props {
  choices: RopaChoices | undefined;
  detail: RopaDetail | undefined;
  disabled: boolean;
}

/**
 * Step 2 (`/ropa/activity/create2`): controller and DPO, retention, access, disclosures, refusals (read-only),
 * security, transfers abroad (from the register), links. Every box is a field of the form (RopaForm's `<Form>`): its problem shows under it.
 */
export function RopaStep2({ choices, detail, disabled }: Props) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const dpos = useQuery({ queryKey: ['people', 'dpo-list'], queryFn: () => dataProvider.dpoList() });
  const dpoId = useWatch<RopaBody, 'record.dpoId'>({ name: 'record.dpoId' });
  const f = (key: string) => translate(`ropa.fields.${key}`);
  const text = (key: 'retention' | 'accessRights' | 'accessConditions' | 'disclosures' | 'security' | 'source', label: string, testId?: string) => (
    <TextInput
      source={`record.${key}`}
      size="small"
      multiline
      minRows={2}
      label={label}
      disabled={disabled}
      helperText={false}
      slotProps={testId ? { htmlInput: { 'data-testid': testId } } : undefined}
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
        <ChoiceInput
          source="record.dpoId"
          fullWidth
          sx={{ mt: 1.5 }}
          label={f('dpo')}
          emptyValue=""
          emptyText={`${f('dpo_settings')}${detail && !dpoId && detail.dpo.name ? `: ${detail.dpo.name}` : ''}`}
          choices={(dpos.data ?? []).map((d) => ({ id: d._id, name: d.name }))}
          disabled={disabled}
        />
      </Paper>
      {text('retention', translate('ropa.items.retention'), 'ropa-retention')}
      <RopaRetentionRules />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {text('accessRights', f('access_rights'), 'ropa-access')}
        {text('accessConditions', f('access_conditions'))}
      </Box>
      {text('disclosures', translate('ropa.items.disclosures'), 'ropa-disclosures')}
      {text('security', translate('ropa.items.security'), 'ropa-security')}
      {text('source', f('source'))}
      <RopaOtherSource disabled={disabled} />
      <RopaTransfers detail={detail} canEdit={!disabled} />
      <TransfersEditor source="record.transfers" disabled={disabled} />
      <MultiPickInput source="record.processorIds" label={f('processors')} choices={choices?.processors ?? []} disabled={disabled} />
      <MultiPickInput source="record.noticeIds" label={f('notices')} choices={choices?.notices ?? []} disabled={disabled} />
      <MultiPickInput source="dsrFormIds" label={f('dsr_forms')} choices={choices?.dsrForms ?? []} disabled={disabled} />
      <Box>
        <ThaiDateSourceInput source="reviewDate" label={f('review_date')} yearsAhead={5} />
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

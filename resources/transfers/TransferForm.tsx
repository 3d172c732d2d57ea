import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import {
  AutocompleteInput,
  Form,
  SelectInput,
  TextInput,
  useDataProvider,
  useGetOne,
  useLocaleState,
  useNotify,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import type { FieldValues, SubmitHandler } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { COUNTRY_CODES } from '../../contract/countries';
import { transferBody, type TransferBody, type TransferRecord } from '../../contract/transfers';
import type { AppDataProvider } from '../../dataProvider';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { useNotifyError } from '../../src/components/ErrorToast';
import { formResolver } from '../../src/components/formResolver';
import { LoadFailed } from '../../src/components/LoadFailed';
import { ScreenLoader } from '../../src/components/ScreenLoader';
import { fieldErrorsOf } from '../../src/components/serverFieldError';
import { ThaiDateSourceInput } from '../../src/components/ThaiDateSourceInput';
import { MultiPickInput } from '../datamap/Pickers';
import { EvidenceInput } from './EvidenceInput';
import { TransferStateChip } from './TransferList';
import { BASIS_GROUPS, TRANSFER_CODES, countryLabel } from './transferUi';

const resolver = formResolver(transferBody, 'ra.validation.required');
const EMPTY = {
  systemId: null,
  processorId: null,
  country: '',
  importer: '',
  categoryIds: [],
  basis: null,
  evidenceTitle: '',
  signedOn: null,
  expiresOn: null,
  notes: '',
  evidence: null,
  removeEvidence: false,
};
const bodyOf = (r: TransferRecord) => ({
  systemId: r.systemId,
  processorId: r.processorId,
  country: r.country,
  importer: r.importer,
  categoryIds: r.categoryIds,
  basis: r.basis,
  evidenceTitle: r.evidenceTitle,
  signedOn: r.signedOn,
  expiresOn: r.expiresOn,
  notes: r.notes,
  evidence: null,
  removeEvidence: false,
});
const orNull = { format: (v: string | null) => v ?? '', parse: (v: string) => v || null };

/** `/data-manage/transfers/add/{transferId?}`: one transfer abroad, its basis and its evidence. */
export function TransferForm() {
  const { transferId } = useParams();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const t = (key: string) => translate(`transfers.fields.${key}`);
  const canEdit = useCanEdit('dataManage');
  const notify = useNotify();
  const notifyError = useNotifyError();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [busy, setBusy] = useState(false);
  const choices = useQuery({ queryKey: ['transfers', 'choices'], queryFn: () => dataProvider.transferChoices() });
  const transfer = useGetOne<TransferRecord & RaRecord>('transfers', { id: transferId! }, { enabled: Boolean(transferId) });
  const record = useMemo(() => (transfer.data ? bodyOf(transfer.data) : EMPTY), [transfer.data]);
  const countries = useMemo(
    () => COUNTRY_CODES.map((id) => ({ id, name: countryLabel(id, locale) })).sort((a, b) => a.name.localeCompare(b.name, locale)),
    [locale],
  );
  const download = useMutation({
    mutationFn: () => dataProvider.downloadTransferEvidence({ id: transferId!, name: transfer.data?.evidence?.name ?? 'evidence' }),
    onError: (e) => notifyError(e, TRANSFER_CODES.file),
  });
  useEffect(() => {
    if (transfer.error) notifyError(transfer.error, TRANSFER_CODES.list);
    if (choices.error) notifyError(choices.error, TRANSFER_CODES.choices);
  }, [transfer.error, choices.error, notifyError]);
  const save: SubmitHandler<FieldValues> = async (values) => {
    const body = values as TransferBody;
    setBusy(true);
    try {
      if (transferId) await dataProvider.update('transfers', { id: transferId, data: body, previousData: transfer.data });
      else await dataProvider.create('transfers', { data: body });
      notify(transferId ? 'transfers.edit_success' : 'transfers.add_success', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['transfers'] });
      navigate('/data-manage/transfers');
    } catch (err) {
      const onField = fieldErrorsOf(err);
      if (onField) return onField;
      notifyError(err, TRANSFER_CODES.save);
    } finally {
      setBusy(false);
    }
  };
  if (transferId && transfer.error)
    return <LoadFailed error={transfer.error} onRetry={() => void transfer.refetch()} screenCode={TRANSFER_CODES.list} />;
  if (transferId && transfer.isPending) return <ScreenLoader />;
  const c = choices.data;
  const disabled = !canEdit;
  const bases = BASIS_GROUPS.flatMap(({ group, bases }) =>
    bases.map((b) => ({ id: b, name: `${translate(`transfers.groups.${group}`)}: ${translate(`transfers.bases.${b}`)}` })),
  );
  return (
    <Form record={record} resolver={resolver} onSubmit={save} warnWhenUnsavedChanges noValidate>
      <Stack spacing={2}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <Typography variant="h6">{translate(transferId ? 'transfers.edit_title' : 'transfers.add_title')}</Typography>
          {transfer.data ? <TransferStateChip state={transfer.data.state} /> : null}
        </Box>
        <Alert severity="info">{t('source_hint')}</Alert>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <SelectInput
            source="systemId"
            label={t('system')}
            choices={c?.systems ?? []}
            translateChoice={false}
            emptyText="-"
            {...orNull}
            disabled={disabled}
            helperText={false}
          />
          <SelectInput
            source="processorId"
            label={t('processor')}
            choices={c?.processors ?? []}
            translateChoice={false}
            emptyText="-"
            {...orNull}
            disabled={disabled}
            helperText={false}
          />
          <AutocompleteInput
            source="country"
            label={t('country')}
            choices={countries}
            translateChoice={false}
            disabled={disabled}
            helperText={false}
          />
          <TextInput source="importer" label={t('importer')} disabled={disabled} helperText={false} />
        </Box>
        <MultiPickInput source="categoryIds" label={t('categories')} choices={c?.categories ?? []} disabled={disabled} />
        <SelectInput
          source="basis"
          label={t('basis')}
          choices={bases}
          translateChoice={false}
          emptyText={t('no_basis')}
          {...orNull}
          disabled={disabled}
          helperText={false}
        />
        <TextInput source="evidenceTitle" label={t('evidenceTitle')} disabled={disabled} helperText={false} />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <ThaiDateSourceInput source="signedOn" label={t('signedOn')} yearsBack={30} clearable />
          <ThaiDateSourceInput source="expiresOn" label={t('expiresOn')} yearsAhead={30} clearable />
        </Box>
        <EvidenceInput
          source="evidence"
          removeSource="removeEvidence"
          stored={transfer.data?.evidence ?? null}
          onDownload={transferId ? () => download.mutate() : undefined}
          disabled={disabled}
        />
        <TextInput source="notes" label={t('notes')} multiline minRows={2} disabled={disabled} helperText={false} />
        <Box sx={{ display: 'flex', gap: 1 }}>
          {canEdit ? (
            <Button type="submit" variant="contained" disabled={busy} data-testid="transfer-save">
              {translate('transfers.save')}
            </Button>
          ) : null}
          <Button component={Link} to="/data-manage/transfers">
            {translate('transfers.back')}
          </Button>
        </Box>
      </Stack>
    </Form>
  );
}

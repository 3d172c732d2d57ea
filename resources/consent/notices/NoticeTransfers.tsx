import { Autocomplete, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { TextInput, useDataProvider, useInput, useLocaleState, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import type { TransferRecord } from '../../../contract/transfers';
import type { AppDataProvider } from '../../../dataProvider';
import { useNotifyError } from '../../../src/components/ErrorToast';
import { LoadFailed } from '../../../src/components/LoadFailed';
import { LoadingSkeleton } from '../../../src/components/LoadingSkeleton';
import { TransferLines } from '../../transfers/SystemTransfers';
import { countryLabel } from '../../transfers/transferUi';
import { CODES } from './consentApi';
import { EnglishInput } from './EnglishField';

/** What is typed in the search box, once typing pauses. */
function useSettled(text: string, ms = 300) {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

/**
 * The notice's transfers abroad (s.28-29): entries of the transfers register (`tranfer.entries`), each
 * shown with its basis and state, added by a search of the register and taken out by a button;
 * publishing freezes their country, importer and basis. The free text of notices written before the
 * register shows read-only, removable (the server refuses new free text).
 */
export function NoticeTransfers({ canEdit }: { canEdit: boolean }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { field, fieldState } = useInput<string[] | undefined>({ source: 'tranfer.entries' });
  const ids: string[] = field.value ?? [];
  const [typed, setTyped] = useState('');
  const search = useSettled(typed.trim());
  const reply = useQuery({
    queryKey: ['consent-notices', 'transfers', ids, search],
    queryFn: () => dataProvider.noticeTransfers({ ids, search }),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (reply.error) notifyError(reply.error, CODES.formLoad);
  }, [reply.error, notifyError]);
  // a transfer taken out of the register since the draft was read leaves the draft here too (its reply has all it names)
  useEffect(() => {
    if (!reply.data || reply.isPlaceholderData) return;
    const known = new Set(reply.data.map((t) => t.id));
    if (ids.some((id) => !known.has(id))) field.onChange(ids.filter((id) => known.has(id)));
  }, [reply.data, reply.isPlaceholderData]); // eslint-disable-line react-hooks/exhaustive-deps -- only when a reply comes
  const byId = new Map((reply.data ?? []).map((t) => [t.id, t]));
  const chosen = ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  const others = (reply.data ?? []).filter((t) => !ids.includes(t.id));
  const label = (t: TransferRecord) => `${countryLabel(t.country, locale)} · ${t.importer}`;
  const t = (key: string) => translate(`consent.builder.transfers.${key}`);
  const problem = fieldState.error?.message;
  return (
    <Stack spacing={1} data-testid="notice-transfers">
      <Typography variant="body2" color="text.secondary">
        {t('hint')}
      </Typography>
      {reply.isPending ? (
        <LoadingSkeleton shape="list" />
      ) : reply.error && !reply.data ? (
        <LoadFailed error={reply.error} screenCode={CODES.formLoad} onRetry={() => void reply.refetch()} />
      ) : chosen.length ? (
        <TransferLines transfers={chosen} onRemove={canEdit ? (x) => field.onChange(ids.filter((id) => id !== x.id)) : undefined} />
      ) : (
        <Typography variant="body2">{t('none')}</Typography>
      )}
      {canEdit ? (
        <Autocomplete<TransferRecord>
          size="small"
          options={others}
          value={null}
          inputValue={typed}
          onInputChange={(_e, text, reason) => {
            if (reason !== 'reset') setTyped(text);
          }}
          onChange={(_e, picked) => {
            if (picked) field.onChange([...ids, picked.id]);
            setTyped('');
          }}
          // the server searched: every option it sent is a match
          filterOptions={(options) => options}
          getOptionLabel={label}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          loading={reply.isFetching}
          loadingText={translate('ra.page.loading')}
          noOptionsText={search || chosen.length ? t('no_match') : t('empty_register')}
          renderOption={({ key, ...props }, option) => (
            <li key={key} {...props}>
              <Box>
                <Typography variant="body2">{label(option)}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {option.basis ? translate(`transfers.bases.${option.basis}`) : translate('transfers.fields.no_basis')}
                  {option.system || option.processor ? ` · ${[option.system, option.processor].filter(Boolean).join(', ')}` : ''}
                </Typography>
              </Box>
            </li>
          )}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('pick')}
              helperText={problem ? translate(problem, { _: problem }) : t('pick_hint')}
              error={Boolean(problem)}
              data-field="tranfer.entries"
              data-testid="notice-transfer-pick"
            />
          )}
        />
      ) : null}
      <Box>
        <Button size="small" component={Link} to="/data-manage/transfers">
          {t('open')}
        </Button>
      </Box>
      <LegacyTransfer canEdit={canEdit} />
      <TextInput source="tranfer.remark" label={translate('consent.builder.remark')} helperText={false} />
      <EnglishInput source="en.tranferRemark" label={translate('consent.builder.remark')} />
    </Stack>
  );
}

/** The destination and mechanism typed before the register, read-only; removing clears them (and their English). */
function LegacyTransfer({ canEdit }: { canEdit: boolean }) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const [country, mechanism, english] = useWatch({ name: ['tranfer.country', 'tranfer.mechanism', 'en.country'] }) as [string, string | null, string];
  if (!country?.trim() && !mechanism) return null;
  const clear = () => {
    setValue('tranfer.country', '', { shouldDirty: true });
    setValue('tranfer.mechanism', null, { shouldDirty: true });
    setValue('en.country', '', { shouldDirty: true });
  };
  return (
    <Box data-testid="legacy-transfers" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      <Box sx={{ flex: '1 1 260px' }}>
        <Typography variant="caption" color="text.secondary">
          {translate('consent.builder.transfers.legacy')}
        </Typography>
        <Typography variant="body2">
          {[country, english].filter((x) => x?.trim()).join(' / ')}
          {mechanism ? ` (${translate(`consent.builder.mechanisms.${mechanism}`)})` : ''}
        </Typography>
      </Box>
      {canEdit ? (
        <Button size="small" color="error" onClick={clear}>
          {translate('consent.builder.transfers.legacy_remove')}
        </Button>
      ) : null}
    </Box>
  );
}

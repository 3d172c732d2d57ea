import { Alert, Box, Button, Checkbox, FormControlLabel, IconButton, Stack, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Form, TextInput, useDataProvider, useGetList, useGetOne, useLocaleState, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { Link, useParams } from 'react-router-dom';
import { LAWFUL_BASES, RETENTION_UNITS, consentDraft, emptyDraft, emptyEnglish, type ConsentDraft } from '../../../contract/consent';
import { EnglishInput } from './EnglishField';
import { NoticeTransfers } from './NoticeTransfers';
import { useCanEdit } from '../../../src/auth/useCanEdit';
import { useNotifyError } from '../../../src/components/ErrorToast';
import { failureText } from '../../../src/components/failureText';
import { formResolver } from '../../../src/components/formResolver';
import { putOnField } from '../../../src/components/serverFieldError';
import { ChoiceInput } from '../../../src/components/ChoiceInput';
import { CheckboxInput } from '../../../src/components/CheckboxInput';
import { LoadFailed } from '../../../src/components/LoadFailed';
import { ScreenLoader } from '../../../src/components/ScreenLoader';
import { formatDate } from '../../../i18n/dates';
import { ItemChecksInput, Section } from './BuilderParts';
import type { ConsentItemType } from '../../../contract/consent';
import type { AppDataProvider } from '../../../dataProvider';
import { ITEM_RESOURCES } from '../items/itemApi';
import { CODES, policyPath, preferencesPath, publicFormPath, type FormDetail, type ItemChoice } from './consentApi';
import { LinkedDocuments } from '../../sheets/LinkedDocuments';

/** The active items of one kind, for the builder's choices (items switched off are not offered). */
const useItemChoices = (type: ConsentItemType) =>
  useGetList<ItemChoice & RaRecord>(ITEM_RESOURCES[type], { pagination: { page: 1, perPage: 100 }, filter: { active: 'true' } });

const newPurposeId = () => `p${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** A period of the notice (retention, re-consent) at `source`: a number (blank: none) and its unit, fields of the form. */
function PeriodFields(props: {
  source: 'security' | 'reconsent';
  label: string;
  unitLabel: string;
  helperText?: string;
  unitWidth: { flex: string; minWidth: number };
}) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <TextInput
        source={`${props.source}.number`}
        type="number"
        sx={{ flex: '1 1 180px' }}
        label={props.label}
        helperText={props.helperText ?? false}
        format={(n: number | null) => (n == null ? '' : String(n))}
        parse={(typed: string) => (typed === '' ? null : Math.max(0, Math.min(1000, Math.trunc(Number(typed)))))}
        slotProps={{ htmlInput: { min: 0, max: 1000 } }}
      />
      <ChoiceInput
        source={`${props.source}.typeCount`}
        size="medium"
        sx={props.unitWidth}
        label={props.unitLabel}
        choices={RETENTION_UNITS.map((u) => ({ id: u, name: translate(`consent.builder.units.${u}`) }))}
      />
    </Box>
  );
}

/** A draft as the form holds it: the parts an older draft lacks (English, re-consent) filled in. */
const formDraft = (draft: ConsentDraft): ConsentDraft => ({
  ...draft,
  en: draft.en ?? emptyEnglish(),
  reconsent: draft.reconsent ?? { typeCount: 'ปี', number: null },
});

const resolver = formResolver(consentDraft, 'common.required');

/** `/consents/create/{formId?}`: the notice's draft (the seed's structure), saved at any time, published as a version. */
export function NoticeBuilder() {
  const notifyError = useNotifyError();
  const routeFormId = useParams()['*'] || undefined;
  const form = useGetOne<FormDetail & RaRecord>('consent-notices', { id: routeFormId!, meta: { view: 'detail' } }, { enabled: Boolean(routeFormId) });
  // the values the form starts from: fixed once known, so a later reply never resets what is being typed
  const [initial, setInitial] = useState<ConsentDraft | undefined>(() => (routeFormId ? undefined : formDraft(emptyDraft())));
  useEffect(() => {
    if (!initial && form.data) setInitial(formDraft(form.data.draft));
  }, [initial, form.data]);
  useEffect(() => {
    if (form.error) notifyError(form.error, CODES.formLoad);
  }, [form.error, notifyError]);
  // a notice that could not load (not found: another company's, or deleted) shows why, and no builder to type into
  if (form.error) return <LoadFailed error={form.error} onRetry={() => void form.refetch()} screenCode={CODES.formLoad} />;
  const start = initial;
  if (!start) return <ScreenLoader />;
  return (
    <Form record={start} resolver={resolver} warnWhenUnsavedChanges noValidate>
      <NoticeEditor />
    </Form>
  );
}

/** The builder's sections, its save and publish; the draft is the form's (react-hook-form) values, every box one of its fields. */
function NoticeEditor() {
  const routeFormId = useParams()['*'] || undefined;
  // a new notice's id once first saved: the address changes without a navigation (which would re-check the route and remount)
  const [savedId, setSavedId] = useState<string>();
  const formId = routeFormId ?? savedId;
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const canEdit = useCanEdit('consents');
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const { control, getValues, setValue, reset, handleSubmit, setError } = useFormContext<ConsentDraft>();
  const draft = useWatch({ control }) as ConsentDraft;
  const { isDirty } = useFormState({ control });
  const thirdParties = useFieldArray({ control, name: 'disclosure.thirdPartyRemark' });
  const publics = useFieldArray({ control, name: 'disclosure.publicRemark' });
  const purposes = useFieldArray({ control, name: 'consent.purposes', keyName: 'key' });
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState<string | null>(null);
  const dataProvider = useDataProvider<AppDataProvider>();
  // its own cache entry: react-admin fills `getOne` with the list's rows, which hold no draft (the call ignores this meta)
  const form = useGetOne<FormDetail & RaRecord>('consent-notices', { id: formId!, meta: { view: 'detail' } }, { enabled: Boolean(formId) });
  const objectives = useItemChoices('objective');
  const sources = useItemChoices('source');
  const stores = useItemChoices('store');
  const dpos = useQuery({ queryKey: ['people', 'dpo-list'], queryFn: () => dataProvider.dpoList() });
  useEffect(() => {
    if (form.data && !isDirty) reset(formDraft(form.data.draft));
  }, [form.data]); // eslint-disable-line react-hooks/exhaustive-deps -- a reload never overwrites unsaved typing
  useEffect(() => {
    const error = objectives.error ?? sources.error ?? stores.error;
    if (error) notifyError(error, CODES.formLoad);
  }, [objectives.error, sources.error, stores.error, notifyError]);

  /** Saves the draft once the form's check (the contract's) passes: a problem shows on its field, as does a server refusal naming one. */
  const save = (): Promise<string | undefined> =>
    new Promise((resolve) => {
      void handleSubmit(
        async (values) => {
          setBusy(true);
          setMissing(null);
          try {
            const saved = await dataProvider.saveConsentNotice({ formId, draft: values as ConsentDraft });
            reset(formDraft(saved.draft));
            await queryClient.invalidateQueries({ queryKey: ['consent-notices', 'getList'] });
            if (!formId) {
              setSavedId(saved._id);
              window.history.replaceState(window.history.state, '', `/consents/create/${saved._id}`);
            } else await queryClient.invalidateQueries({ queryKey: ['consent-notices', 'getOne'] });
            resolve(saved._id);
          } catch (err) {
            if (!putOnField(err, setError as never, 'draft')) notifyError(err, CODES.formSave);
            resolve(undefined);
          } finally {
            setBusy(false);
          }
        },
        () => resolve(undefined),
      )();
    });
  const publish = async () => {
    const id = await save();
    if (!id) return;
    setBusy(true);
    try {
      const published = await dataProvider.publishConsentNotice({ formId: id });
      notify(translate('consent.builder.published', { version: published.version }), { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['consent-notices'] });
    } catch (err) {
      setMissing(failureText(err, translate));
      notifyError(err, CODES.formPublish);
    } finally {
      setBusy(false);
    }
  };

  const t = (key: string) => translate(`consent.builder.${key}`);
  const sensitive = translate('consent.item.sensitive');
  const versions = form.data?.versions ?? [];
  const dpoChoices = [
    // a draft may name an appointment that has since ended: it stays selectable until changed
    ...(draft.dpo?._id && dpos.data && !dpos.data.some((d) => d._id === draft.dpo._id) ? [{ id: draft.dpo._id, name: draft.dpo.name }] : []),
    ...(dpos.data ?? []).map((d) => ({ id: d._id, name: d.name })),
  ];
  const check = (source: string, key: string) => <CheckboxInput source={source} label={`consent.builder.${key}`} />;
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {/* a view-only person reads the notice: no edit wording */}
          {t(!canEdit ? 'title_view' : formId ? 'title_edit' : 'title_new')}
        </Typography>
        <Button component={Link} to="/consents/manage/form">
          {t('back')}
        </Button>
      </Box>
      <Box component="fieldset" disabled={!canEdit || busy} sx={{ border: 0, p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Section title={t('sections.header')}>
          <TextInput source="header.projectName" label={t('projectName')} helperText={false} />
          <EnglishInput source="en.projectName" label={t('projectName')} />
          <TextInput source="header.projectStatus" label={t('projectStatus')} helperText={false} />
          <TextInput source="header.projectActivity" label={t('projectActivity')} multiline minRows={2} helperText={false} />
          <EnglishInput source="en.projectActivity" label={t('projectActivity')} multiline minRows={2} />
          <Typography variant="body2" color="text.secondary">
            {t('english_hint')}
          </Typography>
        </Section>
        <Section title={t('sections.dpo')}>
          <ChoiceInput
            source="dpo._id"
            size="medium"
            label={t('dpo')}
            emptyText={t('dpo_none')}
            emptyValue=""
            choices={dpoChoices}
            onPick={(id) => setValue('dpo', { _id: id ?? '', name: dpoChoices.find((d) => d.id === id)?.name ?? '' }, { shouldDirty: true })}
          />
        </Section>
        <Section title={t('sections.basis')} testId="consent-bases">
          {LAWFUL_BASES.map(({ key }) => (
            <Box key={key} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              <Box sx={{ flex: '1 1 320px' }}>{check(`${key}.active`, `bases.${key}`)}</Box>
              {key === 'forThirdParty' && draft.forThirdParty?.active ? check('forThirdParty.isCompany', 'isCompany') : null}
              {draft[key]?.active ? (
                <TextInput source={`${key}.remark`} size="small" sx={{ flex: '1 1 240px' }} label={t('remark')} helperText={false} />
              ) : null}
              {draft[key]?.active ? <EnglishInput source={`en.remarks.${key}`} size="small" sx={{ flex: '1 1 240px' }} label={t('remark')} /> : null}
            </Box>
          ))}
        </Section>
        <Section title={t('sections.objective')}>
          <ItemChecksInput source="objective" label={t('objective')} items={objectives.data ?? []} />
        </Section>
        <Section title={t('sections.data')}>
          <ItemChecksInput source="consent.list" label={t('list')} items={stores.data ?? []} sensitiveLabel={sensitive} />
          <ItemChecksInput source="consent.form" label={t('sources')} items={sources.data ?? []} />
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            {check('consent.cookie', 'cookie')}
            {check('consent.another', 'another')}
            {draft.consent?.another ? <TextInput source="consent.anotherRemark" size="small" label={t('anotherRemark')} helperText={false} /> : null}
            {draft.consent?.another ? <EnglishInput source="en.anotherRemark" size="small" label={t('anotherRemark')} /> : null}
          </Box>
        </Section>
        <Section title={t('sections.purposes')} testId="consent-purposes">
          {purposes.fields.map((p, i) => (
            <Box key={p.key} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }} data-testid="consent-purpose">
              <Box sx={{ display: 'flex', alignItems: 'center' }}>
                <Typography variant="subtitle2" sx={{ flex: 1 }}>
                  {translate('consent.builder.purpose', { n: i + 1 })}
                </Typography>
                <IconButton aria-label={t('remove_purpose')} onClick={() => purposes.remove(i)}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Box>
              <ItemChecksInput source={`consent.purposes.${i}.list`} label={t('purpose_list')} items={objectives.data ?? []} />
              <ItemChecksInput source={`consent.purposes.${i}.data`} label={t('purpose_data')} items={stores.data ?? []} sensitiveLabel={sensitive} />
            </Box>
          ))}
          <Box>
            <Button variant="outlined" onClick={() => purposes.append({ _id: newPurposeId(), data: [], list: [] })}>
              {t('add_purpose')}
            </Button>
          </Box>
        </Section>
        <Section title={t('sections.disclosure')}>
          {check('disclosure.active', 'disclosure')}
          {draft.disclosure?.active ? (
            <>
              {check('disclosure.thirdParty', 'thirdParty')}
              {draft.disclosure.thirdParty
                ? thirdParties.fields.map((r, i) => (
                    <Box key={r.id} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                      <TextInput
                        source={`disclosure.thirdPartyRemark.${i}.name`}
                        size="small"
                        sx={{ flex: '1 1 200px' }}
                        label={t('thirdPartyName')}
                        helperText={false}
                      />
                      <TextInput
                        source={`disclosure.thirdPartyRemark.${i}.objective`}
                        size="small"
                        sx={{ flex: '2 1 260px' }}
                        label={t('thirdPartyObjective')}
                        helperText={false}
                      />
                      <EnglishInput source={`en.thirdParty.${i}.name`} size="small" sx={{ flex: '1 1 200px' }} label={t('thirdPartyName')} />
                      <EnglishInput
                        source={`en.thirdParty.${i}.objective`}
                        size="small"
                        sx={{ flex: '2 1 260px' }}
                        label={t('thirdPartyObjective')}
                      />
                      <IconButton
                        aria-label={t('remove')}
                        onClick={() => {
                          thirdParties.remove(i);
                          setValue(
                            'en.thirdParty',
                            (getValues('en.thirdParty') ?? []).filter((_, j) => j !== i),
                            { shouldDirty: true },
                          );
                        }}
                      >
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Box>
                  ))
                : null}
              {draft.disclosure.thirdParty ? (
                <Box>
                  <Button
                    size="small"
                    onClick={() => {
                      // the English row beside it starts empty too
                      const english = [...(getValues('en.thirdParty') ?? [])];
                      while (english.length <= thirdParties.fields.length) english.push({ name: '', objective: '' });
                      setValue('en.thirdParty', english, { shouldDirty: true });
                      thirdParties.append({ name: '', objective: '' });
                    }}
                  >
                    {t('add_recipient')}
                  </Button>
                </Box>
              ) : null}
              <FormControlLabel
                label={t('public')}
                control={
                  <Checkbox
                    checked={Boolean(draft.disclosure.public)}
                    onChange={(e) => {
                      setValue('disclosure.public', e.target.checked, { shouldDirty: true });
                      // ticked: one row to name where it is published
                      if (e.target.checked && !publics.fields.length) publics.append({ name: '' });
                    }}
                  />
                }
              />
              {draft.disclosure.public
                ? publics.fields.map((r, i) => (
                    <Box key={r.id} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                      <TextInput
                        source={`disclosure.publicRemark.${i}.name`}
                        size="small"
                        sx={{ flex: '1 1 240px' }}
                        label={t('publicName')}
                        helperText={false}
                      />
                      <EnglishInput source={`en.public.${i}.name`} size="small" sx={{ flex: '1 1 240px' }} label={t('publicName')} />
                    </Box>
                  ))
                : null}
            </>
          ) : null}
        </Section>
        <Section title={t('sections.tranfer')}>
          {check('tranfer.active', 'tranfer')}
          {draft.tranfer?.active ? <NoticeTransfers canEdit={canEdit} /> : null}
        </Section>
        <Section title={t('sections.security')}>
          <PeriodFields source="security" label={t('retention')} unitLabel={t('unit')} unitWidth={{ flex: '0 1 140px', minWidth: 120 }} />
          <TextInput source="security.remark" label={t('remark')} helperText={false} />
          <EnglishInput source="en.securityRemark" label={t('remark')} />
          <PeriodFields
            source="reconsent"
            label={t('reconsent')}
            unitLabel={t('reconsent_unit')}
            helperText={t('reconsent_hint')}
            unitWidth={{ flex: '0 1 220px', minWidth: 200 }}
          />
        </Section>
      </Box>
      {missing ? (
        <Alert severity="warning" data-testid="consent-missing">
          {missing}
        </Alert>
      ) : null}
      {canEdit ? (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Button
            variant="outlined"
            disabled={busy}
            onClick={() => void save().then((id) => id && notify('consent.builder.saved', { type: 'success' }))}
          >
            {t('save')}
          </Button>
          <Button variant="contained" disabled={busy} onClick={() => void publish()}>
            {t('publish')}
          </Button>
          <Typography variant="body2" color="text.secondary">
            {t('publish_hint')}
          </Typography>
        </Box>
      ) : null}
      <Section title={t('versions')} testId="consent-versions">
        {versions.length ? (
          <>
            {versions.map((v) => (
              <Typography key={v.version} variant="body2">
                {translate('consent.builder.version_row', { version: v.version, date: formatDate(v.published_dt, locale, true) })} · {t('hash')}{' '}
                <code>{v.textHash.slice(0, 16)}…</code>
              </Typography>
            ))}
            {form.data ? (
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                <Button size="small" component="a" href={publicFormPath(form.data)} target="_blank" rel="noopener" data-testid="consent-public-link">
                  {translate('consent.notices.open_form')}
                </Button>
                <Button
                  size="small"
                  component="a"
                  href={policyPath(form.data.companyId, form.data._id)}
                  target="_blank"
                  rel="noopener"
                  data-testid="consent-policy-link"
                >
                  {translate('consent.notices.open_policy')}
                </Button>
                <Button
                  size="small"
                  component="a"
                  href={preferencesPath(form.data.companyId)}
                  target="_blank"
                  rel="noopener"
                  data-testid="consent-preferences-link"
                >
                  {translate('consent.notices.open_preferences')}
                </Button>
              </Box>
            ) : null}
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('no_versions')}
          </Typography>
        )}
      </Section>
      {formId ? <LinkedDocuments link={{ noticeId: formId }} /> : null}
    </Stack>
  );
}

import { Alert, Box, Button, Checkbox, FormControlLabel, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Form, useDataProvider, useGetList, useGetOne, useLocaleState, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { Link, useParams } from 'react-router-dom';
import {
  LAWFUL_BASES,
  RETENTION_UNITS,
  TRANSFER_MECHANISMS,
  consentDraft,
  emptyDraft,
  emptyEnglish,
  type ConsentDraft,
  type DraftEnglish,
} from '../../../contract/consent';
import { EnglishField } from './EnglishField';
import { useCanEdit } from '../../../src/auth/useCanEdit';
import { useNotifyError } from '../../../src/components/ErrorToast';
import { failureText } from '../../../src/components/failureText';
import { formResolver } from '../../../src/components/formResolver';
import { ScreenLoader } from '../../../src/components/ScreenLoader';
import { formatDate } from '../../../i18n/dates';
import { ItemChecks, Section } from './BuilderParts';
import type { ConsentItemType } from '../../../contract/consent';
import type { AppDataProvider } from '../../../dataProvider';
import { ITEM_RESOURCES } from '../items/itemApi';
import { CODES, policyPath, publicFormPath, type FormDetail, type ItemChoice } from './consentApi';
import { LinkedDocuments } from '../../sheets/LinkedDocuments';

/** The active items of one kind, for the builder's choices (items switched off are not offered). */
const useItemChoices = (type: ConsentItemType) =>
  useGetList<ItemChoice & RaRecord>(ITEM_RESOURCES[type], { pagination: { page: 1, perPage: 100 }, filter: { active: 'true' } });

const newPurposeId = () => `p${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** A period of the notice (retention, re-consent): a number (blank: none) and its unit. */
function PeriodFields(props: {
  label: string;
  unitLabel: string;
  helperText?: string;
  value: { number: number | null; typeCount: (typeof RETENTION_UNITS)[number] };
  onChange: (period: Partial<{ number: number | null; typeCount: (typeof RETENTION_UNITS)[number] }>) => void;
  unitWidth: { flex: string; minWidth: number };
}) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <TextField
        type="number"
        sx={{ flex: '1 1 180px' }}
        label={props.label}
        helperText={props.helperText}
        value={props.value.number ?? ''}
        slotProps={{ htmlInput: { min: 0, max: 1000 } }}
        onChange={(e) => props.onChange({ number: e.target.value === '' ? null : Math.max(0, Math.min(1000, Math.trunc(Number(e.target.value)))) })}
      />
      <TextField
        select
        sx={props.unitWidth}
        label={props.unitLabel}
        value={props.value.typeCount}
        onChange={(e) => props.onChange({ typeCount: e.target.value as (typeof RETENTION_UNITS)[number] })}
      >
        {RETENTION_UNITS.map((u) => (
          <MenuItem key={u} value={u}>
            {translate(`consent.builder.units.${u}`)}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}

const resolver = formResolver(consentDraft, 'common.required');

/** `/consents/create/{formId?}`: the notice's draft (the seed's structure), saved at any time, published as a version. */
export function NoticeBuilder() {
  const routeFormId = useParams()['*'] || undefined;
  const form = useGetOne<FormDetail & RaRecord>('consent-notices', { id: routeFormId!, meta: { view: 'detail' } }, { enabled: Boolean(routeFormId) });
  // the values the form starts from: fixed once known, so a later reply never resets what is being typed
  const [initial, setInitial] = useState<ConsentDraft | undefined>(() => (routeFormId ? undefined : emptyDraft()));
  useEffect(() => {
    if (!initial && form.data) setInitial(form.data.draft);
  }, [initial, form.data]);
  // a notice that failed to load still shows the (empty) builder beside the toast
  const start = initial ?? (form.error ? emptyDraft() : undefined);
  if (!start) return <ScreenLoader />;
  return (
    <Form record={start} resolver={resolver} warnWhenUnsavedChanges noValidate>
      <NoticeEditor />
    </Form>
  );
}

/** The builder's sections, its save and publish; the draft is the form's (react-hook-form) values. */
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
  const { control, getValues, setValue, reset } = useFormContext<ConsentDraft>();
  const draft = useWatch({ control }) as ConsentDraft;
  const { isDirty } = useFormState({ control });
  /** Changes the draft: each top-level part that changed is set (and marked dirty) in the form. */
  const setDraft = (update: (d: ConsentDraft) => ConsentDraft) => {
    const current = getValues();
    const next = update(current);
    (Object.keys(next) as (keyof ConsentDraft)[]).forEach((key) => {
      if (next[key] !== current[key]) setValue(key, next[key] as never, { shouldDirty: true });
    });
  };
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
    if (form.data && !isDirty) reset(form.data.draft);
  }, [form.data]); // eslint-disable-line react-hooks/exhaustive-deps -- a reload never overwrites unsaved typing
  useEffect(() => {
    const error = form.error ?? objectives.error ?? sources.error ?? stores.error;
    if (error) notifyError(error, CODES.formLoad);
  }, [form.error, objectives.error, sources.error, stores.error, notifyError]);

  const set = <K extends keyof ConsentDraft>(key: K, value: Partial<ConsentDraft[K]>) =>
    setDraft((d) => ({ ...d, [key]: Array.isArray(value) ? value : { ...(d[key] as object), ...value } }));
  const setConsent = (value: Partial<ConsentDraft['consent']>) => set('consent', value);
  // the English of the texts a data subject reads (contract/consent.ts draftEnglish)
  const en = draft.en ?? emptyEnglish();
  // a draft saved before the re-consent period existed has none
  const reconsent = draft.reconsent ?? { typeCount: 'ปี' as const, number: null };
  const setEn = (value: Partial<DraftEnglish>) => setDraft((d) => ({ ...d, en: { ...(d.en ?? emptyEnglish()), ...value } }));
  const setEnAt = <K extends 'thirdParty' | 'public'>(key: K, i: number, value: Partial<DraftEnglish[K][number]>) => {
    const list = [...en[key]] as DraftEnglish[K][number][];
    while (list.length <= i) list.push(key === 'thirdParty' ? { name: '', objective: '' } : ({ name: '' } as DraftEnglish[K][number]));
    list[i] = { ...list[i], ...value };
    setEn({ [key]: list } as Partial<DraftEnglish>);
  };
  const purposes = draft.consent.purposes;
  const setPurpose = (i: number, value: Partial<(typeof purposes)[number]>) =>
    setConsent({ purposes: purposes.map((p, j) => (j === i ? { ...p, ...value } : p)) });

  const save = async (): Promise<string | undefined> => {
    setBusy(true);
    setMissing(null);
    try {
      const saved = await dataProvider.saveConsentNotice({ formId, draft: getValues() });
      reset(saved.draft);
      await queryClient.invalidateQueries({ queryKey: ['consent-notices', 'getList'] });
      if (!formId) {
        setSavedId(saved._id);
        window.history.replaceState(window.history.state, '', `/consents/create/${saved._id}`);
      } else await queryClient.invalidateQueries({ queryKey: ['consent-notices', 'getOne'] });
      return saved._id;
    } catch (err) {
      notifyError(err, CODES.formSave);
      return undefined;
    } finally {
      setBusy(false);
    }
  };
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
          <TextField
            required
            label={t('projectName')}
            value={draft.header.projectName}
            onChange={(e) => set('header', { projectName: e.target.value })}
          />
          <EnglishField label={t('projectName')} value={en.projectName} onChange={(projectName) => setEn({ projectName })} />
          <TextField
            label={t('projectStatus')}
            value={draft.header.projectStatus}
            onChange={(e) => set('header', { projectStatus: e.target.value })}
          />
          <TextField
            label={t('projectActivity')}
            multiline
            minRows={2}
            value={draft.header.projectActivity}
            onChange={(e) => set('header', { projectActivity: e.target.value })}
          />
          <EnglishField
            label={t('projectActivity')}
            multiline
            minRows={2}
            value={en.projectActivity}
            onChange={(projectActivity) => setEn({ projectActivity })}
          />
          <Typography variant="body2" color="text.secondary">
            {t('english_hint')}
          </Typography>
        </Section>
        <Section title={t('sections.dpo')}>
          <TextField
            select
            label={t('dpo')}
            value={draft.dpo._id}
            onChange={(e) => set('dpo', { _id: e.target.value, name: dpos.data?.find((d) => d._id === e.target.value)?.name ?? '' })}
          >
            <MenuItem value="">{t('dpo_none')}</MenuItem>
            {/* a draft may name an appointment that has since ended: it stays selectable until changed */}
            {draft.dpo._id && dpos.data && !dpos.data.some((d) => d._id === draft.dpo._id) ? (
              <MenuItem value={draft.dpo._id}>{draft.dpo.name}</MenuItem>
            ) : null}
            {(dpos.data ?? []).map((d) => (
              <MenuItem key={d._id} value={d._id}>
                {d.name}
              </MenuItem>
            ))}
          </TextField>
        </Section>
        <Section title={t('sections.basis')} testId="consent-bases">
          {LAWFUL_BASES.map(({ key }) => (
            <Box key={key} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              <FormControlLabel
                sx={{ flex: '1 1 320px' }}
                label={t(`bases.${key}`)}
                control={<Checkbox checked={draft[key].active} onChange={(e) => set(key, { active: e.target.checked })} />}
              />
              {key === 'forThirdParty' && draft.forThirdParty.active ? (
                <FormControlLabel
                  label={t('isCompany')}
                  control={
                    <Checkbox checked={draft.forThirdParty.isCompany} onChange={(e) => set('forThirdParty', { isCompany: e.target.checked })} />
                  }
                />
              ) : null}
              {draft[key].active ? (
                <TextField
                  size="small"
                  sx={{ flex: '1 1 240px' }}
                  label={t('remark')}
                  value={draft[key].remark}
                  onChange={(e) => set(key, { remark: e.target.value })}
                />
              ) : null}
              {draft[key].active ? (
                <EnglishField
                  size="small"
                  sx={{ flex: '1 1 240px' }}
                  label={t('remark')}
                  value={en.remarks[key] ?? ''}
                  onChange={(remark) => setEn({ remarks: { ...en.remarks, [key]: remark } })}
                />
              ) : null}
            </Box>
          ))}
        </Section>
        <Section title={t('sections.objective')}>
          <ItemChecks
            label={t('objective')}
            items={objectives.data ?? []}
            value={draft.objective}
            onChange={(ids) => setDraft((d) => ({ ...d, objective: ids }))}
          />
        </Section>
        <Section title={t('sections.data')}>
          <ItemChecks
            label={t('list')}
            items={stores.data ?? []}
            value={draft.consent.list}
            onChange={(ids) => setConsent({ list: ids })}
            sensitiveLabel={sensitive}
          />
          <ItemChecks label={t('sources')} items={sources.data ?? []} value={draft.consent.form} onChange={(ids) => setConsent({ form: ids })} />
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <FormControlLabel
              label={t('cookie')}
              control={<Checkbox checked={draft.consent.cookie} onChange={(e) => setConsent({ cookie: e.target.checked })} />}
            />
            <FormControlLabel
              label={t('another')}
              control={<Checkbox checked={draft.consent.another} onChange={(e) => setConsent({ another: e.target.checked })} />}
            />
            {draft.consent.another ? (
              <TextField
                size="small"
                label={t('anotherRemark')}
                value={draft.consent.anotherRemark}
                onChange={(e) => setConsent({ anotherRemark: e.target.value })}
              />
            ) : null}
            {draft.consent.another ? (
              <EnglishField size="small" label={t('anotherRemark')} value={en.anotherRemark} onChange={(anotherRemark) => setEn({ anotherRemark })} />
            ) : null}
          </Box>
        </Section>
        <Section title={t('sections.purposes')} testId="consent-purposes">
          {purposes.map((p, i) => (
            <Box key={p._id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }} data-testid="consent-purpose">
              <Box sx={{ display: 'flex', alignItems: 'center' }}>
                <Typography variant="subtitle2" sx={{ flex: 1 }}>
                  {translate('consent.builder.purpose', { n: i + 1 })}
                </Typography>
                <IconButton aria-label={t('remove_purpose')} onClick={() => setConsent({ purposes: purposes.filter((_, j) => j !== i) })}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Box>
              <ItemChecks label={t('purpose_list')} items={objectives.data ?? []} value={p.list} onChange={(ids) => setPurpose(i, { list: ids })} />
              <ItemChecks
                label={t('purpose_data')}
                items={stores.data ?? []}
                value={p.data}
                onChange={(ids) => setPurpose(i, { data: ids })}
                sensitiveLabel={sensitive}
              />
            </Box>
          ))}
          <Box>
            <Button variant="outlined" onClick={() => setConsent({ purposes: [...purposes, { _id: newPurposeId(), data: [], list: [] }] })}>
              {t('add_purpose')}
            </Button>
          </Box>
        </Section>
        <Section title={t('sections.disclosure')}>
          <FormControlLabel
            label={t('disclosure')}
            control={<Checkbox checked={draft.disclosure.active} onChange={(e) => set('disclosure', { active: e.target.checked })} />}
          />
          {draft.disclosure.active ? (
            <>
              <FormControlLabel
                label={t('thirdParty')}
                control={<Checkbox checked={draft.disclosure.thirdParty} onChange={(e) => set('disclosure', { thirdParty: e.target.checked })} />}
              />
              {draft.disclosure.thirdParty
                ? draft.disclosure.thirdPartyRemark.map((r, i) => (
                    <Box key={i} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                      <TextField
                        size="small"
                        sx={{ flex: '1 1 200px' }}
                        label={t('thirdPartyName')}
                        value={r.name}
                        onChange={(e) =>
                          set('disclosure', {
                            thirdPartyRemark: draft.disclosure.thirdPartyRemark.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)),
                          })
                        }
                      />
                      <TextField
                        size="small"
                        sx={{ flex: '2 1 260px' }}
                        label={t('thirdPartyObjective')}
                        value={r.objective}
                        onChange={(e) =>
                          set('disclosure', {
                            thirdPartyRemark: draft.disclosure.thirdPartyRemark.map((x, j) => (j === i ? { ...x, objective: e.target.value } : x)),
                          })
                        }
                      />
                      <EnglishField
                        size="small"
                        sx={{ flex: '1 1 200px' }}
                        label={t('thirdPartyName')}
                        value={en.thirdParty[i]?.name ?? ''}
                        onChange={(name) => setEnAt('thirdParty', i, { name })}
                      />
                      <EnglishField
                        size="small"
                        sx={{ flex: '2 1 260px' }}
                        label={t('thirdPartyObjective')}
                        value={en.thirdParty[i]?.objective ?? ''}
                        onChange={(objective) => setEnAt('thirdParty', i, { objective })}
                      />
                      <IconButton
                        aria-label={t('remove')}
                        onClick={() => {
                          set('disclosure', { thirdPartyRemark: draft.disclosure.thirdPartyRemark.filter((_, j) => j !== i) });
                          setEn({ thirdParty: en.thirdParty.filter((_, j) => j !== i) });
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
                    onClick={() => set('disclosure', { thirdPartyRemark: [...draft.disclosure.thirdPartyRemark, { name: '', objective: '' }] })}
                  >
                    {t('add_recipient')}
                  </Button>
                </Box>
              ) : null}
              <FormControlLabel
                label={t('public')}
                control={
                  <Checkbox
                    checked={draft.disclosure.public}
                    onChange={(e) =>
                      set('disclosure', {
                        public: e.target.checked,
                        publicRemark: e.target.checked && !draft.disclosure.publicRemark.length ? [{ name: '' }] : draft.disclosure.publicRemark,
                      })
                    }
                  />
                }
              />
              {draft.disclosure.public
                ? draft.disclosure.publicRemark.map((r, i) => (
                    <Box key={i} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                      <TextField
                        size="small"
                        sx={{ flex: '1 1 240px' }}
                        label={t('publicName')}
                        value={r.name}
                        onChange={(e) =>
                          set('disclosure', { publicRemark: draft.disclosure.publicRemark.map((x, j) => (j === i ? { name: e.target.value } : x)) })
                        }
                      />
                      <EnglishField
                        size="small"
                        sx={{ flex: '1 1 240px' }}
                        label={t('publicName')}
                        value={en.public[i]?.name ?? ''}
                        onChange={(name) => setEnAt('public', i, { name })}
                      />
                    </Box>
                  ))
                : null}
            </>
          ) : null}
        </Section>
        <Section title={t('sections.tranfer')}>
          <FormControlLabel
            label={t('tranfer')}
            control={<Checkbox checked={draft.tranfer.active} onChange={(e) => set('tranfer', { active: e.target.checked })} />}
          />
          {draft.tranfer.active ? (
            <>
              <TextField label={t('country')} value={draft.tranfer.country} onChange={(e) => set('tranfer', { country: e.target.value })} />
              <EnglishField label={t('country')} value={en.country} onChange={(country) => setEn({ country })} />
              <TextField
                select
                label={t('mechanism')}
                value={draft.tranfer.mechanism ?? ''}
                onChange={(e) => set('tranfer', { mechanism: (e.target.value || null) as ConsentDraft['tranfer']['mechanism'] })}
              >
                {TRANSFER_MECHANISMS.map((m) => (
                  <MenuItem key={m} value={m}>
                    {t(`mechanisms.${m}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField label={t('remark')} value={draft.tranfer.remark} onChange={(e) => set('tranfer', { remark: e.target.value })} />
              <EnglishField label={t('remark')} value={en.tranferRemark} onChange={(tranferRemark) => setEn({ tranferRemark })} />
            </>
          ) : null}
        </Section>
        <Section title={t('sections.security')}>
          <PeriodFields
            label={t('retention')}
            unitLabel={t('unit')}
            value={draft.security}
            onChange={(period) => set('security', period)}
            unitWidth={{ flex: '0 1 140px', minWidth: 120 }}
          />
          <TextField label={t('remark')} value={draft.security.remark} onChange={(e) => set('security', { remark: e.target.value })} />
          <EnglishField label={t('remark')} value={en.securityRemark} onChange={(securityRemark) => setEn({ securityRemark })} />
          <PeriodFields
            label={t('reconsent')}
            unitLabel={t('reconsent_unit')}
            helperText={t('reconsent_hint')}
            value={reconsent}
            onChange={(period) => set('reconsent', { ...reconsent, ...period })}
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
                <Button size="small" component="a" href={policyPath(form.data.companyId, form.data._id)} target="_blank" rel="noopener">
                  {translate('consent.notices.open_policy')}
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

import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Form, useDataProvider, useGetOne, useLocaleState, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ropaBody, type RopaBody, type RopaDetail, type RopaState } from '../../contract/ropa';
import type { AppDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/dates';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { useNotifyError } from '../../src/components/ErrorToast';
import { formResolver } from '../../src/components/formResolver';
import { putOnField } from '../../src/components/serverFieldError';
import { LoadFailed } from '../../src/components/LoadFailed';
import { ScreenLoader } from '../../src/components/ScreenLoader';
import { LinkedDocuments } from '../sheets/LinkedDocuments';
import { RopaComments } from './RopaComments';
import { RopaSidePanel } from './RopaSidePanel';
import { RopaStep1 } from './RopaStep1';
import { RopaStep2 } from './RopaStep2';
import { ROPA_CODES, useRopaChoices } from './ropaUi';

const AUTOSAVE_MS = 1200;
const EMPTY = (): RopaBody => ({ ...ropaBody.parse({ name: '-' }), name: '' });
const bodyOf = (d: RopaDetail): RopaBody => ({
  name: d.name,
  role: d.role,
  departmentId: d.departmentId,
  systemIds: d.systemIds,
  categoryIds: d.categoryIds,
  dsrFormIds: d.dsrFormIds,
  reviewDate: d.reviewDate,
  record: d.record,
});
const resolver = formResolver(ropaBody, 'common.required');

/**
 * The seed's two-step create: `/ropa/activity/create/{ropaId?}` (step 1) and `/ropa/activity/create2?ropaId=…`
 * (step 2). The draft saves itself a moment after each change once it has a name, and at once when the
 * person leaves the screen with a change not yet saved; the side panel shows what s.39 still lacks and moves
 * the record along its states.
 */
export function RopaForm({ step }: { step: 1 | 2 }) {
  const params = useParams();
  const [search] = useSearchParams();
  const routeId = step === 1 ? params.ropaId : (search.get('ropaId') ?? undefined);
  const notifyError = useNotifyError();
  const choices = useRopaChoices();
  const canEdit = useCanEdit('ropa');
  // its own cache entry: react-admin fills `getOne` with the list's rows, which hold no record (the call ignores this meta)
  const loaded = useGetOne<RopaDetail & RaRecord>(
    'ropa-activities',
    { id: routeId!, meta: { view: 'detail' } },
    { enabled: Boolean(routeId), refetchOnWindowFocus: false },
  );
  // the values the form starts from: fixed once known, so a later reply never resets what is being typed
  const [initial, setInitial] = useState<RopaBody | undefined>(() => (routeId ? undefined : EMPTY()));
  useEffect(() => {
    if (!initial && loaded.data) setInitial(bodyOf(loaded.data));
  }, [initial, loaded.data]);
  useEffect(() => {
    if (loaded.error) notifyError(loaded.error, ROPA_CODES.load);
    if (choices.error) notifyError(choices.error, ROPA_CODES.load);
  }, [loaded.error, choices.error, notifyError]);

  // a record not found (another company's, deleted) or that could not load: why, and no form to type into
  if (routeId && loaded.error) return <LoadFailed error={loaded.error} onRetry={() => void loaded.refetch()} screenCode={ROPA_CODES.load} />;
  if (!initial) return <ScreenLoader />;
  return (
    <>
      <Form record={initial} resolver={resolver} noValidate>
        <RopaEditor step={step} routeId={routeId} loaded={loaded.data} choices={choices.data} />
      </Form>
      {/* the review's thread has a form of its own: outside the record's form, never nested in it */}
      {routeId ? <RopaComments id={routeId} canEdit={canEdit} /> : null}
    </>
  );
}

interface EditorProps {
  step: 1 | 2;
  routeId: string | undefined;
  loaded: RopaDetail | undefined;
  choices: ReturnType<typeof useRopaChoices>['data'];
}

function RopaEditor({ step, routeId, loaded, choices }: EditorProps) {
  const [savedId, setSavedId] = useState<string>();
  const id = routeId ?? savedId;
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const canEdit = useCanEdit('ropa');
  const notify = useNotify();
  const notifyError = useNotifyError();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { control, getValues, reset, handleSubmit, trigger, clearErrors, setError } = useFormContext<RopaBody>();
  const body = useWatch({ control }) as RopaBody;
  const { isDirty, errors } = useFormState({ control });
  const [detail, setDetail] = useState<RopaDetail | undefined>(loaded);
  const [busy, setBusy] = useState(false);
  const [savedAt, setSavedAt] = useState<Date>();
  const saving = useRef<Promise<string | undefined> | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    // a newer reply (a save flushed while the person was away) shows unless something is being typed
    if (!loaded) return;
    setDetail(loaded);
    if (!isDirty) reset(bodyOf(loaded));
  }, [loaded]); // eslint-disable-line react-hooks/exhaustive-deps -- a reload never overwrites unsaved typing

  const archived = detail?.state === 'archived';
  const disabled = !canEdit || archived;
  const named = Boolean(body.name?.trim());

  /** Saves what the form holds now (checked by the contract); what is typed while the call runs stays dirty for the next save. */
  const send = async (sent: RopaBody, typed: RopaBody): Promise<string | undefined> => {
    try {
      const reply = id
        ? await dataProvider.update('ropa-activities', { id, data: sent, previousData: detail as RaRecord | undefined })
        : await dataProvider.create('ropa-activities', { data: sent });
      const saved = reply.data as unknown as RopaDetail;
      setDetail(saved);
      reset(typed, { keepValues: true });
      setSavedAt(new Date());
      // a save flushed on leaving must not rewrite the address of the screen the person went to
      if (!id && mounted.current) {
        setSavedId(saved.id);
        window.history.replaceState(
          window.history.state,
          '',
          step === 1 ? `/ropa/activity/create/${saved.id}` : `/ropa/activity/create2?ropaId=${saved.id}`,
        );
      }
      void queryClient.invalidateQueries({ queryKey: ['ropa-activities'] });
      return saved.id;
    } catch (err) {
      // a refusal naming a field shows on it (when the person is still on this screen); any other in the toast
      if (!mounted.current || !putOnField(err, setError as never)) notifyError(err, ROPA_CODES.save);
      return undefined;
    }
  };
  const save = (): Promise<string | undefined> => {
    if (disabled || !getValues('name')?.trim()) return Promise.resolve(id);
    const typed = structuredClone(getValues());
    saving.current = new Promise((resolve) => {
      // what is sent is what the form held when the save began: a save flushed on leaving runs on after the
      // form is gone, and must not read its values then
      void handleSubmit(
        () => send(typed, typed).then(resolve),
        () => resolve(undefined),
      )();
    });
    return saving.current;
  };
  const saveRef = useRef(save);
  saveRef.current = save;
  const pending = isDirty && named && !disabled;
  const pendingRef = useRef(pending);
  pendingRef.current = pending;
  // a change with no name cannot be saved: the name field says why, the caption that nothing is saved yet
  const unnamed = isDirty && !named && !disabled;
  useEffect(() => {
    if (unnamed) void trigger('name');
    else if (named && errors.name?.type !== 'server') clearErrors('name');
  }, [unnamed, named]); // eslint-disable-line react-hooks/exhaustive-deps -- on the name's presence changing only

  // autosave: a moment after the last change
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => void saveRef.current(), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [pending, body]);
  // leaving the screen (the sidebar, the back button) saves a change the timer has not saved yet
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (pendingRef.current) void saveRef.current();
    };
  }, []);

  const go = async (to: 1 | 2) => {
    if (saving.current) await saving.current;
    const savedTo = isDirty ? await save() : id;
    if (!savedTo) return;
    navigate(to === 2 ? `/ropa/activity/create2?ropaId=${savedTo}` : `/ropa/activity/create/${savedTo}`);
  };
  const move = async (to: RopaState, reviewerId?: string | null) => {
    setBusy(true);
    try {
      if (isDirty) await save();
      const moved = await dataProvider.moveRopaActivity({ id: id!, state: to, reviewerId });
      setDetail(moved);
      reset(bodyOf(moved));
      notify('ropa.moved', { type: 'success', messageArgs: { state: translate(`ropa.states.${to}`) } });
      void queryClient.invalidateQueries({ queryKey: ['ropa-activities'] });
    } catch (err) {
      notifyError(err, ROPA_CODES.move);
    } finally {
      setBusy(false);
    }
  };

  const Step = step === 1 ? RopaStep1 : RopaStep2;
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6">{translate(id ? 'ropa.form.title_edit' : 'ropa.form.title_new')}</Typography>
        <Typography variant="caption" color="text.secondary" data-testid="ropa-autosave">
          {unnamed
            ? translate('ropa.form.unsaved_unnamed')
            : pending
              ? translate('ropa.form.saving')
              : savedAt
                ? translate('ropa.form.autosaved', { time: formatDate(savedAt, locale, true) })
                : ''}
        </Typography>
      </Box>
      {!canEdit ? <Alert severity="info">{translate('ropa.form.read_only')}</Alert> : null}
      {archived ? <Alert severity="info">{translate('ropa.form.archived')}</Alert> : null}
      {canEdit && detail?.state === 'approved' ? <Alert severity="info">{translate('ropa.form.approved_edit')}</Alert> : null}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 2fr) minmax(260px, 1fr)' }, alignItems: 'start' }}>
        <Stack spacing={2}>
          <Step choices={choices} detail={detail} disabled={disabled} />
          <Box sx={{ display: 'flex', gap: 1 }}>
            {step === 2 ? <Button onClick={() => void go(1)}>{translate('ropa.form.back')}</Button> : null}
            {canEdit && !archived ? (
              <Button
                variant="outlined"
                disabled={!named}
                onClick={() => void save().then((saved) => saved && notify('ropa.form.saved', { type: 'success' }))}
              >
                {translate('ropa.form.save')}
              </Button>
            ) : null}
            {step === 1 ? (
              <Button variant="contained" disabled={!id && !named} onClick={() => void go(2)}>
                {translate('ropa.form.next')}
              </Button>
            ) : null}
          </Box>
        </Stack>
        <RopaSidePanel
          detail={detail}
          canEdit={canEdit}
          busy={busy}
          onMove={(to, reviewerId) => void move(to, reviewerId)}
          onInform={(task) => setDetail((d) => d && { ...d, inform: d.inform.map((t) => (t.id === task.id ? task : t)) })}
        />
      </Box>
      {id ? <LinkedDocuments link={{ ropaActivityId: id }} /> : null}
    </Stack>
  );
}

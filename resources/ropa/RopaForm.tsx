import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useDataProvider, useGetOne, useLocaleState, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ropaBody, type RopaBody, type RopaDetail, type RopaState } from '../../contract/ropa';
import type { AppDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/dates';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { useNotifyError } from '../../src/components/ErrorToast';
import { ScreenLoader } from '../../src/components/ScreenLoader';
import { LinkedDocuments } from '../sheets/LinkedDocuments';
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

/**
 * The seed's two-step create: `/ropa/activity/create/{ropaId?}` (step 1) and `/ropa/activity/create2?ropaId=…`
 * (step 2). The draft saves itself a moment after each change once it has a name; the side panel shows
 * what s.39 still lacks and moves the record along its states.
 */
export function RopaForm({ step }: { step: 1 | 2 }) {
  const params = useParams();
  const [search] = useSearchParams();
  const routeId = step === 1 ? params.ropaId : (search.get('ropaId') ?? undefined);
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
  const choices = useRopaChoices();
  // its own cache entry: react-admin fills `getOne` with the list's rows, which hold no record (the call ignores this meta)
  const loaded = useGetOne<RopaDetail & RaRecord>(
    'ropa-activities',
    { id: id!, meta: { view: 'detail' } },
    { enabled: Boolean(id), refetchOnWindowFocus: false },
  );
  const [body, setBody] = useState<RopaBody>(EMPTY);
  const [detail, setDetail] = useState<RopaDetail>();
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [savedAt, setSavedAt] = useState<Date>();
  const saving = useRef<Promise<string | undefined> | null>(null);
  useEffect(() => {
    if (loaded.data && !dirty) {
      setBody(bodyOf(loaded.data));
      setDetail(loaded.data);
    }
  }, [loaded.data]); // eslint-disable-line react-hooks/exhaustive-deps -- a reload never overwrites unsaved typing
  useEffect(() => {
    if (loaded.error) notifyError(loaded.error, ROPA_CODES.load);
    if (choices.error) notifyError(choices.error, ROPA_CODES.load);
  }, [loaded.error, choices.error, notifyError]);

  const archived = detail?.state === 'archived';
  const disabled = !canEdit || archived;
  const set = (patch: Partial<RopaBody>) => (setDirty(true), setBody((b) => ({ ...b, ...patch })));
  const setRecord = (patch: Partial<RopaBody['record']>) => (setDirty(true), setBody((b) => ({ ...b, record: { ...b.record, ...patch } })));

  const save = useCallback(async (): Promise<string | undefined> => {
    if (!body.name.trim() || disabled) return id;
    const run = async () => {
      try {
        const reply = id
          ? await dataProvider.update('ropa-activities', { id, data: body, previousData: detail as RaRecord | undefined })
          : await dataProvider.create('ropa-activities', { data: body });
        const saved = reply.data as unknown as RopaDetail;
        setDetail(saved);
        setDirty(false);
        setSavedAt(new Date());
        if (!id) {
          setSavedId(saved.id);
          window.history.replaceState(
            window.history.state,
            '',
            step === 1 ? `/ropa/activity/create/${saved.id}` : `/ropa/activity/create2?ropaId=${saved.id}`,
          );
        }
        void queryClient.invalidateQueries({ queryKey: ['ropa-activities', 'getList'] });
        return saved.id;
      } catch (err) {
        notifyError(err, ROPA_CODES.save);
        return undefined;
      }
    };
    saving.current = run();
    return saving.current;
  }, [body, id, disabled, dataProvider, detail, queryClient, notifyError, step]);

  // autosave: a moment after the last change
  useEffect(() => {
    if (!dirty || !body.name.trim() || disabled) return;
    const timer = setTimeout(() => void save(), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [dirty, body, disabled, save]);

  const go = async (to: 1 | 2) => {
    if (saving.current) await saving.current;
    const savedTo = dirty ? await save() : id;
    if (!savedTo) return;
    navigate(to === 2 ? `/ropa/activity/create2?ropaId=${savedTo}` : `/ropa/activity/create/${savedTo}`);
  };
  const move = async (to: RopaState) => {
    setBusy(true);
    try {
      if (dirty) await save();
      const moved = await dataProvider.moveRopaActivity({ id: id!, state: to });
      setDetail(moved);
      setBody(bodyOf(moved));
      notify('ropa.moved', { type: 'success', messageArgs: { state: translate(`ropa.states.${to}`) } });
      void queryClient.invalidateQueries({ queryKey: ['ropa-activities'] });
    } catch (err) {
      notifyError(err, ROPA_CODES.move);
    } finally {
      setBusy(false);
    }
  };

  if (id && loaded.isPending && !detail) return <ScreenLoader />;
  const Step = step === 1 ? RopaStep1 : RopaStep2;
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6">{translate(id ? 'ropa.form.title_edit' : 'ropa.form.title_new')}</Typography>
        <Typography variant="caption" color="text.secondary" data-testid="ropa-autosave">
          {dirty && body.name.trim() && !disabled
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
          <Step body={body} set={set} setRecord={setRecord} choices={choices.data} detail={detail} disabled={disabled} />
          <Box sx={{ display: 'flex', gap: 1 }}>
            {step === 2 ? <Button onClick={() => void go(1)}>{translate('ropa.form.back')}</Button> : null}
            {canEdit && !archived ? (
              <Button
                variant="outlined"
                disabled={!body.name.trim()}
                onClick={() => void save().then((saved) => saved && notify('ropa.form.saved', { type: 'success' }))}
              >
                {translate('ropa.form.save')}
              </Button>
            ) : null}
            {step === 1 ? (
              <Button variant="contained" disabled={!id && !body.name.trim()} onClick={() => void go(2)}>
                {translate('ropa.form.next')}
              </Button>
            ) : null}
          </Box>
        </Stack>
        <RopaSidePanel detail={detail} canEdit={canEdit} busy={busy} onMove={(to) => void move(to)} />
      </Box>
      {id ? <LinkedDocuments link={{ ropaActivityId: id }} /> : null}
    </Stack>
  );
}

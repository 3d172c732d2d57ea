import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import SaveIcon from '@mui/icons-material/Save';
import { Alert, Autocomplete, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useDataProvider, useGetList, useGetOne, useLocaleState, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import {
  RISK_CATEGORIES,
  missingTreatment,
  type EvaluationItem,
  type LevelDetail,
  type MatrixCells,
  type RiskCategory,
} from '../../../contract/risk';
import { EmptyList } from '../../../src/components/EmptyList';
import { useNotifyError } from '../../../src/components/ErrorToast';
import { LoadFailed } from '../../../src/components/LoadFailed';
import { ScreenLoader } from '../../../src/components/ScreenLoader';
import { RiskMatrixGrid } from '../RiskMatrixGrid';
import type { AppDataProvider } from '../../../dataProvider';
import { levelNamesQuery } from '../riskApi';
import { EvaluationItemCard, completeRatings } from './EvaluationItemCard';
import { START_EVALUATION_PATH } from './RiskEvaluationList';
import { useLeaveGuard } from '../../../src/components/unsavedChanges';

const blankItem = (riskId: string): EvaluationItem => ({ riskId, ratings: {} });

/** Where each rated category falls in the matrix, for the counts shown in its cells. */
function matrixCounts(items: EvaluationItem[]) {
  const counts: Record<string, number> = {};
  for (const item of items)
    for (const rating of Object.values(completeRatings(item).ratings))
      if (rating) counts[`${rating.likelihood}-${rating.impact}`] = (counts[`${rating.likelihood}-${rating.impact}`] ?? 0) + 1;
  return counts;
}

function useLevels() {
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const results = useQueries({ queries: RISK_CATEGORIES.map((category) => levelNamesQuery(dataProvider, category, locale)) });
  return Object.fromEntries(RISK_CATEGORIES.map((c, i) => [c, results[i].data])) as Partial<Record<RiskCategory, LevelDetail>>;
}

/**
 * `/risk-management/start-evaluation/{evaluationHeaderId?}`: pick risk events, rate each per category,
 * see the codes in the company's matrix, plan the treatment of H and VH risks; save as draft or finish.
 */
export function StartEvaluation() {
  const { evaluationHeaderId } = useParams();
  const translate = useTranslate();
  const navigate = useNavigate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider();
  const levels = useLevels();
  const matrix = useGetOne('risk-matrix', { id: 'company' });
  const existing = useGetOne('risk-evaluations', { id: evaluationHeaderId! }, { enabled: Boolean(evaluationHeaderId) });
  const plans = useGetList('risk-plans', { pagination: { page: 1, perPage: 100 }, sort: { field: 'created_dt', order: 'DESC' } });
  const [eventSearch, setEventSearch] = useState('');
  const events = useGetList('risk-events', {
    pagination: { page: 1, perPage: 50 },
    sort: { field: 'created_dt', order: 'DESC' },
    filter: eventSearch.trim() ? { search: eventSearch.trim() } : {},
  });

  const [name, setName] = useState('');
  const [items, setItems] = useState<EvaluationItem[]>([]);
  const [eventNames, setEventNames] = useState<Record<string, string>>({});
  const [showErrors, setShowErrors] = useState(false);
  const [saving, setSaving] = useState(false);
  // what the server holds (name and items as saved): anything else on screen is an unsaved change
  const [savedState, setSavedState] = useState(() => JSON.stringify({ name: '', items: [] }));
  const dirty = JSON.stringify({ name, items }) !== savedState;
  const release = useLeaveGuard(dirty);

  // a list row may sit in the cache under this id without its items: wait for the whole record
  const loaded = existing.data && Array.isArray(existing.data.items) ? existing.data : undefined;
  useEffect(() => {
    if (!loaded) return;
    const loadedItems = loaded.items.map(({ event: _e, cia: _c, code: _code, residualCode: _r, planName: _p, ...item }: RaRecord) => item);
    setName(loaded.name);
    setItems(loadedItems);
    setSavedState(JSON.stringify({ name: loaded.name, items: loadedItems }));
    setEventNames(Object.fromEntries(loaded.items.map((i: RaRecord) => [i.riskId, i.event])));
  }, [loaded]);
  useEffect(() => {
    const error = matrix.error ?? existing.error;
    if (error) notifyError(error, 'RKEV#001');
  }, [matrix.error, existing.error, notifyError]);

  const cells = matrix.data?.cells as MatrixCells | undefined;
  const counts = useMemo(() => matrixCounts(items), [items]);
  const failed = (evaluationHeaderId ? existing.error : null) ?? matrix.error;
  if (failed)
    return <LoadFailed error={failed} onRetry={() => void (existing.error ? existing.refetch() : matrix.refetch())} screenCode="RKEV#001" />;
  if (!cells || (evaluationHeaderId && !loaded)) return <ScreenLoader />;

  const picked = new Set(items.map((i) => i.riskId));
  const save = async (status: 'draft' | 'completed') => {
    const body = { name: name.trim(), status, items: items.map(completeRatings) };
    if (status === 'completed') {
      setShowErrors(true);
      const incomplete =
        !body.name || !body.items.length || body.items.some((i) => !Object.keys(i.ratings).length) || missingTreatment(cells, body.items).length > 0;
      if (incomplete) {
        notify(!body.items.length ? 'risk.start.no_events_picked' : 'server.risk_treatment_required', {
          type: 'warning',
          messageArgs: {
            events: missingTreatment(cells, body.items)
              .map((i) => eventNames[i.riskId])
              .join(', '),
          },
        });
        return;
      }
    } else if (!body.name) {
      setShowErrors(true);
      return;
    }
    setSaving(true);
    try {
      const { data } = evaluationHeaderId
        ? await dataProvider.update('risk-evaluations', { id: evaluationHeaderId, data: body, previousData: existing.data })
        : await dataProvider.create('risk-evaluations', { data: body });
      setSavedState(JSON.stringify({ name, items }));
      release();
      if (status === 'completed') {
        notify('risk.start.finished', { type: 'success' });
        navigate('/risk-management/evaluation');
      } else {
        notify('risk.start.saved', { type: 'success' });
        if (!evaluationHeaderId) navigate(`${START_EVALUATION_PATH}/${data.id}`, { replace: true });
      }
    } catch (error) {
      notifyError(error, 'RKEV#004');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box>
      <Button startIcon={<ArrowBackIcon />} onClick={() => navigate('/risk-management/evaluation')} sx={{ mb: 1 }}>
        {translate('risk.start.back')}
      </Button>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {translate(evaluationHeaderId ? 'risk.start.title_edit' : 'risk.start.title_new')}
      </Typography>
      {/* the seed's rule holds however the page is reached (the start button checks it too) */}
      {!evaluationHeaderId && !eventSearch.trim() && events.total === 0 ? (
        <Alert severity="warning" data-testid="need-event" sx={{ mb: 2 }}>
          {translate('risk.evaluation.need_event')}
        </Alert>
      ) : null}
      <TextField
        label={translate('risk.start.name')}
        name="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={showErrors && !name.trim()}
        helperText={showErrors && !name.trim() ? translate('risk.required') : ' '}
        required
        fullWidth
        sx={{ maxWidth: 640 }}
      />
      <Stack direction={{ xs: 'column', xl: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>
          <Autocomplete
            options={(events.data ?? []).filter((e) => !picked.has(String(e.id)))}
            getOptionLabel={(e) => String(e.name)}
            filterOptions={(options) => options}
            inputValue={eventSearch}
            onInputChange={(_e, value, reason) => reason === 'input' && setEventSearch(value)}
            value={null}
            onChange={(_e, event) => {
              if (!event) return;
              setItems([...items, blankItem(String(event.id))]);
              setEventNames({ ...eventNames, [event.id]: String(event.name) });
              setEventSearch('');
            }}
            renderInput={(params) => <TextField {...params} label={translate('risk.start.pick_events')} />}
            sx={{ mb: 2 }}
          />
          {items.length === 0 ? <EmptyList /> : null}
          {items.map((item, index) => (
            <EvaluationItemCard
              key={item.riskId}
              index={index}
              eventName={eventNames[item.riskId] ?? ''}
              item={item}
              cells={cells}
              levels={levels}
              plans={plans.data ?? []}
              showErrors={showErrors}
              onChange={(next) => setItems(items.map((i) => (i.riskId === item.riskId ? next : i)))}
              onRemove={() => setItems(items.filter((i) => i.riskId !== item.riskId))}
            />
          ))}
        </Box>
        <Paper variant="outlined" sx={{ p: 2, position: { xl: 'sticky' }, top: { xl: 80 } }}>
          <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
            {translate('risk.start.matrix')}
          </Typography>
          <RiskMatrixGrid cells={cells} counts={counts} />
          <Stack spacing={1} sx={{ mt: 2 }}>
            <Button variant="outlined" startIcon={<SaveIcon />} disabled={saving} onClick={() => save('draft')}>
              {translate('risk.start.save_draft')}
            </Button>
            <Button variant="contained" startIcon={<DoneAllIcon />} disabled={saving} onClick={() => save('completed')}>
              {translate('risk.start.finish')}
            </Button>
          </Stack>
        </Paper>
      </Stack>
    </Box>
  );
}

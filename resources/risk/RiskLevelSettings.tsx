import type { FieldValues, SubmitHandler } from 'react-hook-form';
import SaveIcon from '@mui/icons-material/Save';
import { Box, Button, Tab, Tabs, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Form, TextInput, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { RISK_CATEGORIES, type LevelDetail, type RiskCategory } from '../../contract/risk';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { useNotifyError } from '../../src/components/ErrorToast';
import { formResolver } from '../../src/components/formResolver';
import { LoadFailed } from '../../src/components/LoadFailed';
import { ScreenLoader } from '../../src/components/ScreenLoader';
import { UnsavedChangesSpy, useConfirmDiscard } from '../../src/components/unsavedChanges';
import { levelForm } from './forms';
import type { AppDataProvider } from '../../dataProvider';
import { useLevelNames } from './riskApi';
import { untilSaved } from '../../src/components/serverFieldError';

function CategoryLevels({ category, onDirty }: { category: RiskCategory; onDirty(dirty: boolean): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const { data, error, isPending, refetch } = useLevelNames(category);
  const dataProvider = useDataProvider<AppDataProvider>();
  const saveLevels = useMutation({
    mutationFn: dataProvider.saveRiskLevelNames,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['risk-levels', category] }),
  });
  const canEdit = useCanEdit('riskManagement');
  useEffect(() => {
    if (error) notifyError(error, 'RKLE#001');
  }, [error, notifyError]);
  if (isPending) return <ScreenLoader />;
  if (!data) return <LoadFailed error={error} onRetry={() => void refetch()} />;
  const save = (values: { detail: LevelDetail }) =>
    untilSaved((done) => saveLevels.mutate({ category, detail: values.detail }, done), {
      onSuccess: () => notify('risk.level.saved', { type: 'success' }),
      onError: (err) => notifyError(err, 'RKLE#002'),
    });
  const submit: SubmitHandler<FieldValues> = (v) => save(v as { detail: LevelDetail });
  return (
    <Form
      record={{ id: category, detail: data }}
      resolver={formResolver(levelForm, 'risk.required')}
      onSubmit={submit}
      key={`${category}-${JSON.stringify(data)}`}
      warnWhenUnsavedChanges
      noValidate
    >
      <UnsavedChangesSpy onChange={onDirty} />
      <Box sx={{ maxWidth: 480, pt: 2 }}>
        {data.map((level, index) => (
          <TextInput
            key={level.level}
            source={`detail.${index}.name`}
            label={translate('risk.level.label', { level: level.level })}
            fullWidth
            disabled={!canEdit}
          />
        ))}
        {canEdit ? (
          <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={saveLevels.isPending}>
            {translate('risk.save')}
          </Button>
        ) : null}
      </Box>
    </Form>
  );
}

/** Level settings: five category tabs, five level names each, saved per company. */
export function RiskLevelSettings() {
  const translate = useTranslate();
  const [category, setCategory] = useState<RiskCategory>(RISK_CATEGORIES[0]);
  // a tab is no navigation for the leave guard: switching asks itself while this category's names are changed
  const dirty = useRef(false);
  const onDirty = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);
  const confirmDiscard = useConfirmDiscard();
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {translate('risk.level.intro')}
      </Typography>
      <Tabs
        value={category}
        onChange={(_e, value: RiskCategory) => confirmDiscard(dirty.current) && setCategory(value)}
        variant="scrollable"
        aria-label={translate('risk.tabs.level')}
      >
        {RISK_CATEGORIES.map((c) => (
          <Tab key={c} value={c} label={translate(`risk.categories.${c}`)} />
        ))}
      </Tabs>
      <CategoryLevels category={category} onDirty={onDirty} />
    </Box>
  );
}

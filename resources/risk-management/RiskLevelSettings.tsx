import SaveIcon from '@mui/icons-material/Save';
import { Box, Button, Tab, Tabs, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Form, TextInput, useNotify, useTranslate } from 'react-admin';
import { RISK_CATEGORIES, type LevelDetail, type RiskCategory } from '../../contract/risk';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { useNotifyError } from '../../src/components/ErrorToast';
import { formResolver } from '../../src/components/formResolver';
import { ScreenLoader } from '../../src/components/ScreenLoader';
import { levelForm } from './forms';
import { saveLevelNames, useLevelNames } from './riskApi';

function CategoryLevels({ category }: { category: RiskCategory }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const { data, error, isPending } = useLevelNames(category);
  const [saving, setSaving] = useState(false);
  const canEdit = useCanEdit('riskManagement');
  useEffect(() => {
    if (error) notifyError(error, 'RKLE#001');
  }, [error, notifyError]);
  if (isPending) return <ScreenLoader />;
  if (!data) return null;
  const save = async (values: { detail: LevelDetail }) => {
    setSaving(true);
    try {
      await saveLevelNames(category, values.detail);
      notify('risk.level.saved', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['risk-levels', category] });
    } catch (err) {
      notifyError(err, 'RKLE#002');
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form record={{ id: category, detail: data }} resolver={formResolver(levelForm, 'risk.required')} onSubmit={(v: Record<string, unknown>) => save(v as { detail: LevelDetail })} key={`${category}-${JSON.stringify(data)}`}>
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
          <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={saving}>
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
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {translate('risk.level.intro')}
      </Typography>
      <Tabs value={category} onChange={(_e, value) => setCategory(value)} variant="scrollable" aria-label={translate('risk.tabs.level')}>
        {RISK_CATEGORIES.map((c) => (
          <Tab key={c} value={c} label={translate(`risk.categories.${c}`)} />
        ))}
      </Tabs>
      <CategoryLevels category={category} />
    </Box>
  );
}

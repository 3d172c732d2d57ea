import RestartAltIcon from '@mui/icons-material/RestartAlt';
import SaveIcon from '@mui/icons-material/Save';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useGetOne, useNotify, useTranslate, useUpdate } from 'react-admin';
import { DEFAULT_MATRIX, RISK_CODES, type MatrixCells } from '../../../contract/risk';
import { useCanEdit } from '../../../src/auth/useCanEdit';
import { useNotifyError } from '../../../src/components/ErrorToast';
import { ScreenLoader } from '../../../src/components/ScreenLoader';
import { RiskCodeChip } from '../RiskCodeChip';
import { RiskMatrixGrid } from '../RiskMatrixGrid';

const next = (code: (typeof RISK_CODES)[number]) => RISK_CODES[(RISK_CODES.indexOf(code) + 1) % RISK_CODES.length];

/** The likelihood tab: the company's 5x5 matrix; a click on a cell moves it to the next code. */
export function RiskMatrixSettings() {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const { data, isPending, error } = useGetOne('risk-matrix', { id: 'company' });
  const [cells, setCells] = useState<MatrixCells>();
  const [update, { isPending: saving }] = useUpdate();
  const canEdit = useCanEdit('riskManagement');
  useEffect(() => {
    if (data) setCells(data.cells);
  }, [data]);
  useEffect(() => {
    if (error) notifyError(error, 'RKM#001');
  }, [error, notifyError]);
  if (isPending || !cells) return <ScreenLoader />;
  const cycle = (likelihood: number, impact: number) =>
    setCells(cells.map((row, l) => row.map((code, i) => (l === likelihood - 1 && i === impact - 1 ? next(code) : code))));
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('risk.likelihood.intro')}
      </Typography>
      <RiskMatrixGrid cells={cells} onCellClick={canEdit ? cycle : undefined} />
      <Stack direction="row" spacing={1} sx={{ my: 2, flexWrap: 'wrap' }}>
        {RISK_CODES.map((code) => (
          <Stack key={code} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <RiskCodeChip code={code} />
            <Typography variant="body2">{translate(`risk.codes.${code}`)}</Typography>
          </Stack>
        ))}
      </Stack>
      {canEdit ? (
        <Stack direction="row" spacing={1}>
          <Button
            variant="contained"
            startIcon={<SaveIcon />}
            disabled={saving}
            onClick={() =>
              update(
                'risk-matrix',
                { id: 'company', data: { cells }, previousData: data },
                {
                  mutationMode: 'pessimistic',
                  onSuccess: () => notify('risk.likelihood.saved', { type: 'success' }),
                  onError: (err) => notifyError(err, 'RKM#002'),
                },
              )
            }
          >
            {translate('risk.save')}
          </Button>
          <Button startIcon={<RestartAltIcon />} onClick={() => setCells(DEFAULT_MATRIX)}>
            {translate('risk.likelihood.reset')}
          </Button>
        </Stack>
      ) : null}
    </Box>
  );
}

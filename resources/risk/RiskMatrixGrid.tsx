import { Box, ButtonBase, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { LEVELS, type MatrixCells } from '../../contract/risk';
import { CODE_COLORS } from './riskCodes';

interface Props {
  cells: MatrixCells;
  /** makes each cell a button (the matrix settings) */
  onCellClick?: (likelihood: number, impact: number) => void;
  /** a number shown in a cell: how many rated risks fall there (start-evaluation) */
  counts?: Record<string, number>;
}

/** The 5x5 matrix: likelihood 5 at the top, impact 1 to 5 left to right, each cell in its code's colour. */
export function RiskMatrixGrid({ cells, onCellClick, counts }: Props) {
  const translate = useTranslate();
  const rows = [...LEVELS].reverse();
  return (
    <Box
      role="table"
      aria-label={translate('risk.start.matrix')}
      sx={{ display: 'inline-grid', gridTemplateColumns: 'auto repeat(5, 56px)', gap: '4px', alignItems: 'center' }}
    >
      {rows.map((likelihood) => (
        <Box key={likelihood} role="row" sx={{ display: 'contents' }}>
          <Typography role="rowheader" variant="caption" sx={{ pr: 1, textAlign: 'right' }}>
            {translate('risk.start.likelihood')} {likelihood}
          </Typography>
          {LEVELS.map((impact) => {
            const code = cells[likelihood - 1][impact - 1];
            const count = counts?.[`${likelihood}-${impact}`];
            const content = (
              <>
                <Typography variant="body2" sx={{ fontWeight: 700 }}>
                  {code}
                </Typography>
                {count ? <Typography variant="caption">({count})</Typography> : null}
              </>
            );
            const sx = {
              width: 56,
              height: 48,
              borderRadius: 1,
              bgcolor: CODE_COLORS[code].bg,
              color: CODE_COLORS[code].fg,
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              justifyContent: 'center',
            } as const;
            return onCellClick ? (
              <ButtonBase
                key={impact}
                role="cell"
                aria-label={`${translate('risk.start.likelihood')} ${likelihood} × ${translate('risk.start.impact')} ${impact}: ${translate(`risk.codes.${code}`)}`}
                onClick={() => onCellClick(likelihood, impact)}
                sx={sx}
              >
                {content}
              </ButtonBase>
            ) : (
              <Box key={impact} role="cell" sx={sx} title={translate(`risk.codes.${code}`)}>
                {content}
              </Box>
            );
          })}
        </Box>
      ))}
      {/* the impact headers are a row of the table too (a columnheader must sit in a row) */}
      <Box role="row" sx={{ display: 'contents' }}>
        <Box aria-hidden />
        {LEVELS.map((impact) => (
          <Typography key={impact} role="columnheader" variant="caption" sx={{ textAlign: 'center' }}>
            {translate('risk.start.impact')} {impact}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

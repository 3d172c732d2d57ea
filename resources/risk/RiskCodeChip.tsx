import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { RiskCode } from '../../contract/risk';
import { CODE_COLORS } from './riskCodes';

export function RiskCodeChip({ code, size = 'small' }: { code: RiskCode | null | undefined; size?: 'small' | 'medium' }) {
  const translate = useTranslate();
  if (!code) return <Chip size={size} variant="outlined" label={translate('risk.start.not_rated')} />;
  return (
    <Chip
      size={size}
      label={code}
      title={translate(`risk.codes.${code}`)}
      aria-label={translate(`risk.codes.${code}`)}
      sx={{ bgcolor: CODE_COLORS[code].bg, color: CODE_COLORS[code].fg, fontWeight: 700, minWidth: 44 }}
    />
  );
}

import type { RiskCode } from '../../contract/risk';

/** The matrix's colours (seed): L green, M yellow, H orange, VH red; text chosen to stay readable. */
export const CODE_COLORS: Record<RiskCode, { bg: string; fg: string }> = {
  L: { bg: '#2e7d32', fg: '#fff' },
  M: { bg: '#fbc02d', fg: '#000' },
  H: { bg: '#ef6c00', fg: '#000' },
  VH: { bg: '#c62828', fg: '#fff' },
};

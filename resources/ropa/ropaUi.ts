import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { isSensitiveBasis, type RopaState } from '../../contract/ropa';
import type { AppDataProvider } from '../../dataProvider';

/** Screen codes of the ROPA screens' error toasts (README "Records of processing"). */
export const ROPA_CODES = {
  list: 'ROPA#001',
  save: 'ROPA#002',
  remove: 'ROPA#003',
  move: 'ROPA#004',
  load: 'ROPA#005',
  dashboard: 'ROPA#006',
  export: 'ROPA#007',
  sme: 'ROPA#008',
  inform: 'ROPA#009',
} as const;

export const STATE_COLOURS: Record<RopaState, 'default' | 'warning' | 'success' | 'info'> = {
  draft: 'default',
  review: 'warning',
  approved: 'success',
  archived: 'info',
};

/** A basis's text key: the notice builder's own for s.19/s.24, ROPA's for s.26. */
export const basisKey = (b: string) => (isSensitiveBasis(b) ? `ropa.bases.${b}` : `consent.builder.bases.${b}`);

/** What the ROPA form picks from (one call, menu 11). */
export function useRopaChoices() {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({ queryKey: ['ropa-activities', 'choices'], queryFn: () => dataProvider.ropaChoices() });
}

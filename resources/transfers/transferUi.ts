import { ADEQUACY_BASES, EXCEPTION_BASES, SAFEGUARD_BASES, type TransferState } from '../../contract/transfers';

export const TRANSFER_CODES = { list: 'DMT#001', save: 'DMT#002', remove: 'DMT#003', choices: 'DMT#004', file: 'DMT#005' } as const;

/** The basis picker's choices, grouped as the law groups them (adequacy, safeguards, exceptions). */
export const BASIS_GROUPS = [
  { group: 'adequacy', bases: ADEQUACY_BASES },
  { group: 'safeguards', bases: SAFEGUARD_BASES },
  { group: 'exceptions', bases: EXCEPTION_BASES },
] as const;

export const STATE_COLORS: Record<TransferState, 'success' | 'warning' | 'error' | 'default'> = {
  valid: 'success',
  expiring: 'warning',
  no_evidence: 'warning',
  no_basis: 'error',
  expired: 'error',
};

/** The reader's name of a country code (the locale's own list of regions): the contract's one function. */
export { countryName as countryLabel } from '../../contract/countries';

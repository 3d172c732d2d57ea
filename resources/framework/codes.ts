/** The framework screens' codes, shown with every failure's toast. */
export const FRAMEWORK_CODES = { score: 'FRW#001', list: 'FRW#002', detail: 'FRW#003', evidence: 'FRW#004', refresh: 'FRW#005' } as const;

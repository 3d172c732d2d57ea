/** The due-for-deletion queue's screen codes: the list, recording an item, completing one, its deletion record. */
export const DUE_CODES = { list: 'RTD#001', save: 'RTD#002', complete: 'RTD#003', record: 'RTD#004' } as const;

export const PROCESSOR_CODES = { list: 'DMD#001', save: 'DMD#002', send: 'DMD#003', risk: 'DMD#004', file: 'DMD#005', public: 'DMD#006' } as const;

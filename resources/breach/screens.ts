/** The breach log's screen codes, shown in the error toast with the server's message. */
export const SCREEN = {
  list: 'BRE#001',
  load: 'BRE#002',
  save: 'BRE#003',
  assess: 'BRE#004',
  notice: 'BRE#005',
  state: 'BRE#006',
  note: 'BRE#007',
  file: 'BRE#008',
  letter: 'BRE#009',
  options: 'BRE#010',
} as const;

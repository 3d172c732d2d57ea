/** The toasts' screen codes of the people tab. */
export const PEOPLE_CODES = {
  list: 'CON#001',
  save: 'CON#002',
  status: 'CON#003',
  password: 'CON#004',
  choices: 'CON#011',
  secondFactor: 'CON#012',
} as const;

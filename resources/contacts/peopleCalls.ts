import { callApi } from '../../dataProvider/http';

/** The toasts' screen codes of the people tab. */
export const PEOPLE_CODES = {
  list: 'CON#001',
  save: 'CON#002',
  status: 'CON#003',
  password: 'CON#004',
  choices: 'CON#011',
} as const;

/** Disables a person (their sessions end at once) or enables them again. */
export const setPersonDisabled = (id: string, disabled: boolean) =>
  callApi(`/people/${encodeURIComponent(id)}/status`, { method: 'PUT', body: { disabled } });

/** An administrator sets a person's new password; every session of theirs ends. */
export const setPersonPassword = (id: string, password: string) =>
  callApi(`/people/${encodeURIComponent(id)}/password`, { method: 'PUT', body: { password } });

import { localStorageStore } from 'ra-core';

/** react-admin's store (the chosen language, list settings), in local storage. */
export const store = localStorageStore(undefined, 'pdpa');

import { itemDefinition } from './itemApi';

/** Consent items (menu 5): where data comes from, what it is for, what is kept. */
export const consentSources = itemDefinition('source');
export const consentObjectives = itemDefinition('objective');
export const consentStores = itemDefinition('store');

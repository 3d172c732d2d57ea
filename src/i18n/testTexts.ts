import layout from '../../i18n/layout';
import { LAZY_AREAS, loadTexts, registerApplicationTexts } from './i18nProvider';
import { raThai } from './raThai';

/** Unit tests render screens outside the application: give them every text area at once. */
export async function loadAllTexts() {
  registerApplicationTexts(layout, raThai);
  await Promise.all(LAZY_AREAS.map(loadTexts));
}

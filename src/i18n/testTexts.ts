import { LAZY_AREAS, loadTexts, registerReactAdminTexts } from './i18nProvider';
import { raThai } from './raThai';

/** Unit tests render screens outside the application: give them every text area at once. */
export async function loadAllTexts() {
  registerReactAdminTexts(raThai);
  await Promise.all(LAZY_AREAS.map(loadTexts));
}

import type { ReactNode } from 'react';
import { useTexts, type LazyArea } from './i18nProvider';

/** Renders its children once the texts of `areas` are loaded (the nearest Suspense shows the loader meanwhile). */
export function WithTexts({ areas, children }: { areas: LazyArea[]; children: ReactNode }) {
  useTexts(...areas);
  return children;
}

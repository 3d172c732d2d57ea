import { useCallback, useState } from 'react';

const kept = new Map<string, unknown>();

/**
 * `useState` whose value outlives a remount of the page: ra-core's i18n provider remounts everything
 * below it when the language changes, and a sign-in form must not lose what was typed (nor the second
 * step under way). Held in memory only (never in storage); the full page load after signing in ends it.
 */
export function useKeptState<T>(key: string, initial: T): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => (kept.has(key) ? (kept.get(key) as T) : initial));
  const set = useCallback(
    (next: T) => {
      kept.set(key, next);
      setValue(next);
    },
    [key],
  );
  return [value, set];
}

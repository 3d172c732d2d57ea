import { useState } from 'react';
import type { PreferencePending } from './PreferenceCodeStep';

export type PreferenceStep = { step: 'email' } | { step: 'code'; pending: PreferencePending } | { step: 'list'; token: string; expiresAt: string };

const keyOf = (companyId: string) => `pdpa-preferences:${companyId}`;

/** The step kept for this tab: a code waiting, or a token still in its time; anything else starts again. */
export function storedStep(companyId: string, storage: Pick<Storage, 'getItem'> = sessionStorage, now = Date.now()): PreferenceStep {
  try {
    const kept = JSON.parse(storage.getItem(keyOf(companyId)) ?? 'null') as PreferenceStep | null;
    if (kept?.step === 'list' && Date.parse(kept.expiresAt) > now) return kept;
    if (kept?.step === 'code' && Date.parse(kept.pending.expiresAt) > now) return kept;
  } catch {
    // a value of another shape: start again
  }
  return { step: 'email' };
}

/**
 * Where the subject is in the preference centre, kept in this tab's session storage until the
 * token's 30 minutes end: a language switch or a reload keeps the verified view, closing the tab
 * forgets it. The token is not a sign-in: it shows this company's consents of one e-mail only.
 */
export function usePreferenceStep(companyId: string) {
  const [step, setStep] = useState<PreferenceStep>(() => storedStep(companyId));
  const go = (next: PreferenceStep) => {
    if (next.step === 'email') sessionStorage.removeItem(keyOf(companyId));
    else sessionStorage.setItem(keyOf(companyId), JSON.stringify(next));
    setStep(next);
  };
  return [step, go] as const;
}

import { z } from 'zod';
import zodEnglish from 'zod/v4/locales/en.js';
import zodThai from 'zod/v4/locales/th.js';
import type { Lang } from '../i18n';
import { i18nProvider, onLocaleChange } from './i18n/i18nProvider';

// The page's Content-Security-Policy forbids eval: zod must not probe for it (its JIT needs `Function`).
z.config({ jitless: true });

type ZodIssue = Parameters<NonNullable<z.core.$ZodConfig['localeError']>>[0];

/**
 * zod's messages in the chosen language: the length and range rules in our own words, every other
 * rule from zod's own locale (its Thai names the type in English: "string ควรมี..."). Set here, where
 * zod is first imported, so the sign-in page's first load carries neither zod nor its locales.
 */
function zodMessages(lang: Lang) {
  const fallback = (lang === 'th' ? zodThai : zodEnglish)().localeError;
  return (issue: ZodIssue) => {
    if ((issue.code === 'too_small' || issue.code === 'too_big') && (issue.origin === 'string' || issue.origin === 'number')) {
      const bound = issue.code === 'too_small' ? 'min' : 'max';
      return i18nProvider.translate(`errors.rule.${issue.origin === 'string' ? 'text' : 'number'}_${bound}`, {
        n: String(issue.code === 'too_small' ? issue.minimum : issue.maximum),
      });
    }
    return fallback(issue);
  };
}

onLocaleChange((lang) => z.config({ localeError: zodMessages(lang) }));

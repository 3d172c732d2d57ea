import { PUBLIC_API } from '../../contract/publicPaths';
import type { LazyArea } from '../i18n/i18nProvider';

interface PublicPage {
  path: string;
  pattern: RegExp;
  load: () => Promise<{ default: React.ComponentType }>;
  /** the text areas the page reads (its `useTexts`) */
  texts: LazyArea[];
  /** the API read the page makes first, from its address: started with the page's code, not after it */
  firstRead?: (parts: string[]) => string;
}

/**
 * The data subjects' public pages (their routes in src/routing/routeTable.ts): a first visit loads them
 * in their own light bundle (`PublicPagesShell`), the page's code, texts and first read fetched at once
 * beside it (src/main.tsx), so nothing waits for the page's code to ask for them.
 */
export const PUBLIC_PAGES: PublicPage[] = [
  {
    path: '/dsrtracking',
    pattern: /^\/dsrtracking\/?$/,
    load: () => import('../../resources/dsr/public/DsrTrackingPage'),
    texts: ['dsr'],
  },
  {
    path: '/datasubject/form/:formId',
    pattern: /^\/datasubject\/form\/([^/]+)\/?$/,
    load: () => import('../../resources/dsr/public/DsrPublicFormPage'),
    texts: ['dsr'],
    firstRead: ([formId]) => PUBLIC_API.dsrForm(formId),
  },
  {
    path: '/consent/form/:formRef/:formId',
    pattern: /^\/consent\/form\/([^/]+)\/([^/]+)\/?$/,
    load: () => import('../../resources/consent/notices/public/ConsentFormPage'),
    texts: ['consent'],
    firstRead: ([formRef, formId]) => PUBLIC_API.consentForm(formRef, formId),
  },
  {
    path: '/privacy-policy/:companyId/:formId',
    pattern: /^\/privacy-policy\/([^/]+)\/([^/]+)\/?$/,
    load: () => import('../../resources/consent/notices/public/PrivacyPolicyPage'),
    texts: ['consent'],
    firstRead: ([companyId, formId]) => PUBLIC_API.privacyPolicy(companyId, formId),
  },
  {
    path: '/preferences/:companyId',
    pattern: /^\/preferences\/([^/]+)\/?$/,
    load: () => import('../../resources/consent/preferences/PreferenceCentrePage'),
    texts: ['consent'],
  },
  {
    path: '/certificate/:code',
    pattern: /^\/certificate\/([^/]+)\/?$/,
    load: () => import('../../resources/quiz/public/CertificateVerifyPage'),
    texts: ['quiz'],
  },
  {
    path: '/processor-questionnaire/:token',
    pattern: /^\/processor-questionnaire\/([^/]+)\/?$/,
    load: () => import('../../resources/processors/public/ProcessorQuestionnairePage'),
    texts: ['processors'],
  },
];

export const publicPageOf = (pathname: string) => PUBLIC_PAGES.find((page) => page.pattern.test(pathname));

/** The page's first read for this address (the router's parameters arrive decoded, so these are too). */
export function firstReadOf(page: PublicPage, pathname: string): string | undefined {
  const parts = page.pattern.exec(pathname)?.slice(1) ?? [];
  try {
    return page.firstRead?.(parts.map(decodeURIComponent));
  } catch {
    return undefined; // a malformed address: the page reads (and reports) it itself
  }
}

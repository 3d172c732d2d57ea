/**
 * The data subjects' public pages (their routes in src/routing/routeTable.ts): a first visit loads them
 * in their own light bundle (`PublicPagesShell`), the page's code fetched at once beside it.
 */
export const PUBLIC_PAGES = [
  { path: '/dsrtracking', pattern: /^\/dsrtracking\/?$/, load: () => import('../../resources/dsr-requests/public/DsrTrackingPage') },
  {
    path: '/datasubject/form/:formId',
    pattern: /^\/datasubject\/form\/[^/]+\/?$/,
    load: () => import('../../resources/dsr-requests/public/DsrPublicFormPage'),
  },
  {
    path: '/consent/form/:formRef/:formId',
    pattern: /^\/consent\/form\/[^/]+\/[^/]+\/?$/,
    load: () => import('../../resources/consent-notices/public/ConsentFormPage'),
  },
  {
    path: '/privacy-policy/:companyId/:formId',
    pattern: /^\/privacy-policy\/[^/]+\/[^/]+\/?$/,
    load: () => import('../../resources/consent-notices/public/PrivacyPolicyPage'),
  },
];

export const publicPageOf = (pathname: string) => PUBLIC_PAGES.find((page) => page.pattern.test(pathname));

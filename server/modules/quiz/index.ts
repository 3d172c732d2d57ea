import { defineModule, eachCompany } from '../../http/serverModule';
import { importRoutes } from '../../bulk/import';
import { quizAttemptRoutes } from './attempts';
import { quizBankRoutes } from './bank';
import { quizCertificateRoutes } from './certificate';
import { questionImport } from './import';
import { quizResultRoutes } from './results';
import { quizTimedWork } from './rounds';
import { quizStandingRoutes } from './standing';
import { quizTestRoutes } from './tests';

/**
 * Knowledge tests: the question bank, the tests and their results are menu 7's (view / edit); taking
 * one's own due tests and one's certificates every signed-in person's; checking a certificate's code public.
 */
export default defineModule({
  name: 'quiz',
  description: 'Knowledge tests: question bank, tests and results (menu 7); taking them (every signed-in person)',
  order: 120,
  routes: ({ config }) => [
    ...importRoutes(questionImport),
    ...quizBankRoutes,
    ...quizTestRoutes,
    ...quizResultRoutes,
    ...quizStandingRoutes,
    ...quizAttemptRoutes,
    ...quizCertificateRoutes(config.mail.appUrl),
  ],
  timedWork: eachCompany(quizTimedWork),
});

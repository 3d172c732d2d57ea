import { quizAttemptRoutes } from './attempts';
import { quizBankRoutes } from './bank';
import { quizCertificateRoutes } from './certificate';
import { quizResultRoutes } from './results';
import { quizTestRoutes } from './tests';

/**
 * Knowledge tests: the question bank, the tests and their results are menu 7's (view / edit); taking
 * one's own due tests and one's certificates every signed-in person's; checking a certificate's code public.
 */
export const quizRoutes = [...quizBankRoutes, ...quizTestRoutes, ...quizResultRoutes, ...quizAttemptRoutes, ...quizCertificateRoutes];

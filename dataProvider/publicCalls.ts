import consentNotices from '../resources/consent/notices/definition';
import dsrRequests from '../resources/dsr/definition';
import knowledgeTests from '../resources/quiz/definition';
import processorDiligence from '../resources/processors/definition';
import { customMethods } from './customCalls';

/**
 * The data subjects' public pages' calls alone (a request form, submitting and tracking a request, a
 * notice, giving and withdrawing consent, a privacy policy; checking a knowledge test certificate): what their light shell puts in
 * react-admin's DataProviderContext, without every resource's definition and react-admin's REST client.
 */
export const publicCalls = customMethods([dsrRequests, consentNotices, knowledgeTests, processorDiligence]);

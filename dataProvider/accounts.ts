import type { z } from 'zod';
import type { AccountOptions, ForgotPasswordBody, NewCompanyBody, newCompanyReply, verifyEmailReply } from '../contract/accounts';
import { callApi } from './http';

export type NewCompanyReply = z.infer<typeof newCompanyReply>;
export type VerifiedEmail = z.infer<typeof verifyEmailReply>;

/**
 * The public account calls of the sign-in pages, as methods of the data provider. They stand apart
 * from the resources' route table so the light sign-in bundle can offer them (LoginShell puts them
 * in react-admin's DataProviderContext) without loading the resources' definitions.
 */
export const accountCalls = {
  /** `GET /user/account-options`: which public account pages this deployment opens */
  accountOptions: () => callApi<AccountOptions>('/user/account-options'),
  forgotPassword: (body: ForgotPasswordBody) => callApi('/user/forgot-password', { method: 'POST', body }).then(() => undefined),
  resetPassword: (body: { token: string; password: string }) => callApi('/user/reset-password', { method: 'POST', body }).then(() => undefined),
  verifyEmail: (token: string) => callApi<VerifiedEmail>('/user/verify-email', { query: { token } }),
  /** `POST /user/register` (with ALLOW_SIGNUP) or `/user/generate-account` (the first company) */
  createCompany: ({ kind, body }: { kind: 'register' | 'generate-account'; body: NewCompanyBody }) =>
    callApi<NewCompanyReply>(`/user/${kind}`, { method: 'POST', body }),
};

export type AccountCalls = typeof accountCalls;

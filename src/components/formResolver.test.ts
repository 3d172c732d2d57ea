import { describe, expect, it } from 'vitest';
import { dsrTrackingBody } from '../../contract/dsr';
import { i18nProvider } from '../i18n/i18nProvider';
import { formResolver } from './formResolver';

const resolveOptions = { shouldUseNativeValidation: false, fields: {} } as const;

describe('formResolver', () => {
  it("loads the server's texts before a contract message (server.*) shows: a public page need not load them up front", async () => {
    // the tracking page loads only its own texts (src/pages/publicPages.ts): the server's are not in the catalogue yet
    expect(i18nProvider.translate('server.dsr_email')).toBe('server.dsr_email');
    const resolve = formResolver(dsrTrackingBody, 'dsr.public.required');
    const { errors } = await resolve({ referenceCode: 'DSR-1', email: 'not-an-address' }, undefined, resolveOptions);
    expect(errors.email?.message).toBe('server.dsr_email');
    expect(i18nProvider.translate('server.dsr_email')).toBe('รูปแบบอีเมลไม่ถูกต้อง');
  });

  it('shows the required text for an empty field, without loading anything', async () => {
    const resolve = formResolver(dsrTrackingBody, 'dsr.public.required');
    const { errors } = await resolve({ referenceCode: '', email: 'a@b.co' }, undefined, resolveOptions);
    expect(errors.referenceCode?.message).toBe('dsr.public.required');
  });
});

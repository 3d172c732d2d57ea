import { describe, expect, it } from 'vitest';
import { dsrExtendBody, dsrStateChangeBody, dsrTrackingBody } from '../../contract/dsr';
import { i18nProvider } from '../i18n/i18nProvider';
import type { FieldValues, Resolver } from 'react-hook-form';
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

  it('shows the required text for a choice not made (an enum left empty), not the list of its values', async () => {
    // what an empty select and an emptied number box hold, which the schema's types do not allow
    const resolve = formResolver(dsrStateChangeBody, 'dsr.change.required') as unknown as Resolver<FieldValues>;
    const requestId = '8f14e45f-ceea-467f-a0e6-8a4f3c2b1d00';
    for (const legalGround of [null, '']) {
      const { errors } = await resolve({ requestId, statusId: 6, note: '', refusal: { legalGround, reasons: 'x' } }, undefined, resolveOptions);
      expect((errors.refusal as Record<string, { message?: string }> | undefined)?.legalGround?.message).toBe('dsr.change.required');
    }
    const { errors } = await (formResolver(dsrExtendBody, 'dsr.change.required') as unknown as Resolver<FieldValues>)(
      { requestId, days: null, reason: 'x' },
      undefined,
      resolveOptions,
    );
    expect(errors.days?.message).toBe('dsr.change.required');
  });
});

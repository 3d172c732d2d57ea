import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../dataProvider/http';
import { shouldRetry } from '../queryClient';
import { fieldErrorsOf, putOnField, serverFieldError } from './serverFieldError';

const refused = (field: string, reason = 'ต้องไม่ว่าง') =>
  new ApiFailure(400, `ข้อมูล "${field}" ไม่ถูกต้อง: ${reason}`, undefined, { status: 400, msg: '…', field, reason });
const onScreen = (html: string) => (document.body.innerHTML = html);

afterEach(() => {
  document.body.innerHTML = '';
});

describe('a server 400 naming a field goes on that field', () => {
  it('reads the field and the reason the server sends apart; nothing from other failures', () => {
    expect(serverFieldError(refused('transfers.0.country'))).toEqual({ field: 'transfers.0.country', reason: 'ต้องไม่ว่าง' });
    expect(serverFieldError(new ApiFailure(409, 'ซ้ำ', undefined, { status: 409, msg: 'ซ้ำ' }))).toBeUndefined();
    expect(serverFieldError(new ApiFailure(400, 'ไม่ถูกต้อง', undefined, { status: 400, msg: 'ไม่ถูกต้อง' }))).toBeUndefined();
    expect(serverFieldError(new Error('x'))).toBeUndefined();
  });

  it('puts the reason alone on a field the form shows (an input by name, a box by data-field), and focuses it', () => {
    onScreen('<input name="transfers.0.country" /><div data-field="categoryIds"></div>');
    const setError = vi.fn();
    expect(putOnField(refused('transfers.0.country'), setError)).toBe(true);
    expect(setError).toHaveBeenCalledWith('transfers.0.country', { type: 'server', message: 'ต้องไม่ว่าง' }, { shouldFocus: true });
    expect(fieldErrorsOf(refused('categoryIds', 'ถูกลบไปแล้ว'))).toEqual({ categoryIds: 'ถูกลบไปแล้ว' });
  });

  it('leaves a field not on screen to the toast (false, nothing set)', () => {
    onScreen('<input name="name" />');
    const setError = vi.fn();
    expect(putOnField(refused('record.security'), setError)).toBe(false);
    expect(setError).not.toHaveBeenCalled();
    expect(fieldErrorsOf(new ApiFailure(0, undefined, 'errors.network'))).toBeUndefined();
  });

  it('maps a body sent under a key (the notice builder sends { formId, draft }) to the form’s own path', () => {
    onScreen('<input name="header.projectName" />');
    expect(fieldErrorsOf(refused('draft.header.projectName'), 'draft')).toEqual({ 'header.projectName': 'ต้องไม่ว่าง' });
    expect(fieldErrorsOf(refused('formId'), 'draft')).toBeUndefined();
  });
});

describe('reads are not asked again after the server’s own refusal', () => {
  it('never retries a 4xx (a record not found shows at once); retries a network failure or a 5xx a few times', () => {
    expect(shouldRetry(0, new ApiFailure(404, 'ไม่พบ', undefined))).toBe(false);
    expect(shouldRetry(0, new ApiFailure(403, 'ห้าม', undefined))).toBe(false);
    expect(shouldRetry(0, new ApiFailure(400, 'ผิด', undefined))).toBe(false);
    expect(shouldRetry(0, new ApiFailure(0, undefined, 'errors.network'))).toBe(true);
    expect(shouldRetry(2, new ApiFailure(503, 'ไม่ว่าง', undefined))).toBe(true);
    expect(shouldRetry(3, new ApiFailure(503, 'ไม่ว่าง', undefined))).toBe(false);
  });
});

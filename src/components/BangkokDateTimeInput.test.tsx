import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, Form, memoryStore } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../i18n/i18nProvider';
import { BangkokDateTimeInput, isInstant, parseTime } from './BangkokDateTimeInput';

const LABEL = 'วันเวลาที่ทราบเหตุ';

function renderForm(at: string | null, onSubmit: (values: Record<string, unknown>) => void) {
  return render(
    <AdminContext i18nProvider={i18nProvider} store={memoryStore()}>
      <Form record={{ id: 1, at }} onSubmit={onSubmit}>
        <BangkokDateTimeInput source="at" label={LABEL} />
        <button type="submit">go</button>
      </Form>
    </AdminContext>,
  );
}

describe('BangkokDateTimeInput', () => {
  afterEach(cleanup);

  it('shows a stored instant as its Bangkok day (BE) and 24-hour time, and gives back the instant typed', async () => {
    const onSubmit = vi.fn();
    renderForm('2026-11-24T17:30:00.000Z', onSubmit);
    // 17:30 UTC is 00:30 the next day in Bangkok
    expect(screen.getAllByRole('combobox').map((c) => c.textContent)).toEqual(['25', 'พฤศจิกายน', '2569']);
    const time = screen.getByLabelText(`${LABEL}: เวลา`) as HTMLInputElement;
    expect(time.value).toBe('00:30');
    fireEvent.change(time, { target: { value: '06:05' } });
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].at).toBe('2026-11-24T23:05:00.000Z');
  });

  it('clearing the day empties the moment (null), time too', async () => {
    const onSubmit = vi.fn();
    renderForm('2026-11-24T02:00:00.000Z', onSubmit);
    fireEvent.click(screen.getByRole('button', { name: `ล้างวันที่: ${LABEL}` }));
    expect((screen.getByLabelText(`${LABEL}: เวลา`) as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].at).toBeNull();
  });

  it('takes "0930" typed into the time box as 09:30, in any browser locale (a 24-hour text box, not the AM/PM time picker)', async () => {
    const onSubmit = vi.fn();
    renderForm('2026-11-24T02:00:00.000Z', onSubmit);
    const time = screen.getByLabelText(`${LABEL}: เวลา`) as HTMLInputElement;
    expect(time.type).toBe('text');
    fireEvent.change(time, { target: { value: '0930' } });
    fireEvent.blur(time);
    expect(time.value).toBe('09:30');
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    // 09:30 on 24 November in Bangkok
    expect(onSubmit.mock.calls[0][0].at).toBe('2026-11-24T02:30:00.000Z');
  });

  it('parseTime: 24-hour times however typed, nothing else', () => {
    expect(parseTime('0930')).toBe('09:30');
    expect(parseTime('9:30')).toBe('09:30');
    expect(parseTime('21.05')).toBe('21:05');
    expect(parseTime('930')).toBeNull();
    expect(parseTime('930', true)).toBe('09:30');
    expect(parseTime('2460')).toBeNull();
    expect(parseTime('24:00')).toBeNull();
    expect(parseTime('9:3')).toBeNull();
    expect(parseTime('09:30 AM')).toBeNull();
  });

  it('isInstant: whole instants only', () => {
    expect(isInstant('2026-11-24T02:00:00.000Z')).toBe(true);
    expect(isInstant('2026-11-24T09:00+07:00')).toBe(true);
    expect(isInstant('2026-11-24T')).toBe(false);
    expect(isInstant('T09:30')).toBe(false);
    expect(isInstant(null)).toBe(false);
  });
});

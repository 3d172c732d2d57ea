import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../i18n/i18nProvider';
import { ThaiDateInput } from './ThaiDateInput';

const options = () => within(screen.getByRole('listbox')).getAllByRole('option');
const pick = (name: RegExp, option: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name }));
  fireEvent.click(options().find((o) => o.textContent === option)!);
};

describe('ThaiDateInput', () => {
  afterEach(cleanup);

  it('offers Buddhist-era years and Thai months, and gives an ISO date once all three are picked', () => {
    const onChange = vi.fn();
    render(
      <AdminContext i18nProvider={i18nProvider} store={memoryStore()}>
        <ThaiDateInput label="วันครบกำหนด" value={null} onChange={onChange} />
      </AdminContext>,
    );
    pick(/^วันที่/, '29');
    expect(onChange).toHaveBeenLastCalledWith(null);
    pick(/^เดือน/, 'กุมภาพันธ์');
    const thisYearBE = Number(new Intl.DateTimeFormat('th-TH', { year: 'numeric', timeZone: 'Asia/Bangkok' }).format(new Date()).replace(/\D/g, ''));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^ปี/ }));
    const years = options().map((o) => Number(o.textContent));
    expect(years[0]).toBe(thisYearBE - 1);
    expect(years).toContain(thisYearBE + 10);
    fireEvent.click(options().find((o) => o.textContent === '2571')!);
    // 2571 BE is 2028 CE, a leap year: 29 February exists
    expect(onChange).toHaveBeenLastCalledWith('2028-02-29');
    pick(/^ปี/, '2570');
    // 2027 has no 29 February: the day moves to the month's last
    expect(onChange).toHaveBeenLastCalledWith('2027-02-28');
  }, 60_000); // MUI's select popovers are slow in jsdom

  it('shows a stored date as day, Thai month and BE year', () => {
    render(
      <AdminContext i18nProvider={i18nProvider} store={memoryStore()}>
        <ThaiDateInput label="วันครบกำหนด" value="2027-03-31" onChange={() => undefined} />
      </AdminContext>,
    );
    expect(screen.getAllByRole('combobox').map((c) => c.textContent)).toEqual(['31', 'มีนาคม', '2570']);
  });

  it('clearable: a button empties a picked date (an optional date, a filter); none without a date', () => {
    const onChange = vi.fn();
    render(
      <AdminContext i18nProvider={i18nProvider} store={memoryStore()}>
        <ThaiDateInput label="ตั้งแต่วันที่" value="2027-03-31" onChange={onChange} clearable />
      </AdminContext>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'ล้างวันที่: ตั้งแต่วันที่' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getAllByRole('combobox').map((c) => c.textContent?.replace(/\u200b/g, '').trim())).toEqual(['', '', '']);
    expect(screen.queryByRole('button', { name: /ล้างวันที่/ })).toBeNull();
  });
});

import { fireEvent, render, screen, within } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConsentRow } from '../../../contract/consent';
import { i18nProvider } from '../../../src/i18n/i18nProvider';
import { loadAllTexts } from '../../../src/i18n/testTexts';
import { CompactDateTime } from './CompactDateTime';
import { ConsentHistoryDrawer, shortHash } from './ConsentHistoryDrawer';

const HASH = 'a9830dbc' + '0'.repeat(52) + '7f1e';
const event = { version: 1, textHash: HASH, channel: 'web', lang: 'en', explicit: false, guardian: null, recordedBy: null, reference: null };
const row: ConsentRow = {
  _id: 'r1',
  formId: 'f1',
  projectName: 'สมาชิกร้านค้าออนไลน์',
  subjectId: 'CUST-0003',
  name: 'John Smith',
  email: 'john@example.com',
  purposeId: 'newsletter',
  purpose: 'ส่งข่าวสารและสิทธิพิเศษทางอีเมล',
  state: 'withdrawn',
  version: 1,
  updated_dt: '2026-11-18T05:57:00.000Z',
  history: [
    { ...event, action: 'given', explicit: true, guardian: { name: 'สุดา ใจดี', relation: 'มารดา' }, created_dt: '2026-11-14T05:57:00.000Z' },
    {
      ...event,
      action: 'withdrawn',
      channel: 'paper',
      recordedBy: 'สมชาย ใจดี',
      reference: 'แบบฟอร์มเลขที่ 0042',
      created_dt: '2026-11-18T05:57:00.000Z',
    },
    { ...event, action: 'given', channel: 'kiosk', created_dt: '2026-11-19T05:57:00.000Z' },
  ],
};

const inAdmin = (ui: React.ReactNode) =>
  render(
    <AdminContext i18nProvider={i18nProvider} store={memoryStore()}>
      {ui}
    </AdminContext>,
  );

beforeAll(loadAllTexts);

describe('the consent history drawer', () => {
  it('lists every event in Thai: when (Buddhist era), what, the version, channel, language, guardian, who recorded it, the proof and the short hash', () => {
    const onClose = vi.fn();
    inAdmin(<ConsentHistoryDrawer row={row} onClose={onClose} />);
    const drawer = screen.getByRole('dialog', { name: 'ประวัติความยินยอม' });
    expect(within(drawer).getByText('ถอนความยินยอมแล้ว')).toBeTruthy();
    const [given, withdrawn, again] = within(drawer).getAllByTestId('consent-event');
    expect(given.textContent).toContain('ให้ความยินยอม');
    expect(given.textContent).toContain('14 พฤศจิกายน 2569 เวลา 12:57');
    expect(given.textContent).toContain('โดยชัดแจ้ง');
    expect(given.textContent).toContain('หน้าเว็บขอความยินยอม');
    expect(given.textContent).toContain('อังกฤษ');
    expect(given.textContent).toContain('สุดา ใจดี (มารดา)');
    expect(given.textContent).not.toContain('ผู้บันทึก');
    expect(within(given).getByTestId('consent-event-hash').textContent).toBe('a9830dbc…7f1e');
    expect(withdrawn.textContent).toContain('ถอนความยินยอม');
    expect(withdrawn.textContent).not.toContain('มารดา');
    expect(withdrawn.textContent).toContain('แบบฟอร์มกระดาษ');
    expect(withdrawn.textContent).toContain('ผู้บันทึกสมชาย ใจดี');
    expect(withdrawn.textContent).toContain('ที่เก็บหลักฐานแบบฟอร์มเลขที่ 0042');
    // a channel the screen does not know yet is shown as the server named it
    expect(again.textContent).toContain('kiosk');
    fireEvent.click(within(drawer).getByRole('button', { name: 'ปิด' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('keeps a short hash whole', () => {
    expect(shortHash('abc123')).toBe('abc123');
    expect(shortHash(HASH)).toBe('a9830dbc…7f1e');
  });
});

describe('the compact date and time of a row', () => {
  it('shows the short date in the Buddhist era over the Bangkok time, the long form as its title', () => {
    inAdmin(<CompactDateTime at="2026-11-18T05:57:00.000Z" />);
    const time = screen.getByText('18 พ.ย. 2569').closest('time')!;
    expect(time.textContent).toBe('18 พ.ย. 256912:57');
    expect(time.getAttribute('title')).toBe('18 พฤศจิกายน 2569 เวลา 12:57');
  });
});

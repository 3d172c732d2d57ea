import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emptyDraft, type PublishedNotice } from '../../../../contract/consent';
import { i18nProvider } from '../../../../src/i18n/i18nProvider';
import { renderInAdmin } from '../../../../src/i18n/renderInAdmin';
import { loadAllTexts } from '../../../../src/i18n/testTexts';
import { NoticeText } from './NoticeText';
import { PurposeChecks } from './PurposeChecks';

beforeAll(loadAllTexts);
afterEach(async () => {
  cleanup();
  await i18nProvider.changeLocale('th');
});

const notice: PublishedNotice = {
  formId: 'f1',
  formRef: 'ref',
  companyId: 'c1',
  version: 2,
  textHash: '0'.repeat(64),
  published_dt: '2026-11-18T05:57:00.000Z',
  controller: { name: 'บริษัท ตัวอย่าง จำกัด', nameEn: 'Example Co., Ltd.', address: '', email: 'a@example.com', phone: '' },
  dpo: { name: 'สมศรี', email: 'dpo@example.com', phone: '' },
  draft: {
    ...emptyDraft(),
    header: { projectName: 'สมาชิก', projectStatus: '', projectActivity: '' },
    en: { ...emptyDraft().en!, projectName: 'Members' },
    objective: ['o1'],
    consent: { ...emptyDraft().consent, list: ['s1', 's2'], purposes: [{ _id: 'news', data: ['s1'], list: ['o1'] }] },
  },
  items: {
    o1: { _id: 'o1', name: 'ส่งข่าวสารทางอีเมล', name_en: 'News by e-mail', sensitive: false },
    s1: { _id: 's1', name: 'อีเมล', name_en: 'E-mail address', sensitive: false },
    s2: { _id: 's2', name: 'เบอร์โทรศัพท์', sensitive: false },
  },
  purposes: [{ _id: 'news', explicit: false, hash: 'h' }],
};

describe('the public notice’s items', () => {
  it('in English: each item’s English name from the version, the Thai (marked, with the note) when it has none', async () => {
    await i18nProvider.changeLocale('en');
    renderInAdmin(
      <>
        <NoticeText notice={notice} />
        <PurposeChecks notice={notice} ticked={[]} onChange={() => {}} detailed />
      </>,
    );
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toContain('News by e-mail');
    expect(screen.getByRole('checkbox', { name: 'News by e-mail' })).toBeTruthy();
    expect(screen.getByText('E-mail address', { exact: true })).toBeTruthy();
    expect(screen.getByText('เบอร์โทรศัพท์').getAttribute('lang')).toBe('th');
    expect(screen.getByTestId('notice-thai-fallback')).toBeTruthy();
    expect(screen.queryByText('ส่งข่าวสารทางอีเมล')).toBeNull();
  });

  it('in Thai: the Thai names, with no note', () => {
    renderInAdmin(<NoticeText notice={notice} />);
    expect(screen.getByText('ส่งข่าวสารทางอีเมล')).toBeTruthy();
    expect(screen.queryByText('News by e-mail')).toBeNull();
    expect(screen.queryByTestId('notice-thai-fallback')).toBeNull();
  });
});

import { cleanup, screen } from '@testing-library/react';
import { RecordContextProvider } from 'react-admin';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18nProvider } from '../../../src/i18n/i18nProvider';
import { renderInAdmin } from '../../../src/i18n/renderInAdmin';
import { loadAllTexts } from '../../../src/i18n/testTexts';
import { ItemNameCell } from './ItemNameCell';

beforeAll(loadAllTexts);
afterEach(async () => {
  cleanup();
  await i18nProvider.changeLocale('th');
});

const cell = (record: Record<string, unknown>) =>
  renderInAdmin(
    <RecordContextProvider value={{ id: 'i1', ...record }}>
      <ItemNameCell />
    </RecordContextProvider>,
  );

describe('a consent item’s name in the staff list', () => {
  it('is the Thai name in Thai, with the English in its tooltip', () => {
    cell({ name: 'อีเมล', name_en: 'E-mail address' });
    const name = screen.getByText('อีเมล');
    expect(name.getAttribute('title')).toBe('อีเมล · E-mail address');
  });

  it('is the English name in English; the Thai one, marked Thai, when it has none', async () => {
    await i18nProvider.changeLocale('en');
    cell({ name: 'อีเมล', name_en: 'E-mail address' });
    expect(screen.getByText('E-mail address').getAttribute('title')).toBe('E-mail address · อีเมล');
    cell({ name: 'เบอร์โทรศัพท์', name_en: '' });
    expect(screen.getByText('เบอร์โทรศัพท์').getAttribute('lang')).toBe('th');
  });
});

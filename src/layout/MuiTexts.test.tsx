import { Autocomplete, TextField } from '@mui/material';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import layout from '../../i18n/layout';
import { i18nProvider } from '../i18n/i18nProvider';
import { renderInAdmin } from '../i18n/renderInAdmin';
import { loadAllTexts } from '../i18n/testTexts';
import { MuiTexts } from './MuiTexts';

/** A dropdown read "Open" in English while the screen was Thai. */
describe('MuiTexts', () => {
  beforeAll(loadAllTexts);
  const dropdown = () => (
    <MuiTexts>
      <Autocomplete options={['ก', 'ข']} value="ก" renderInput={(params) => <TextField {...params} label="x" />} />
    </MuiTexts>
  );

  it("gives every Autocomplete its open and clear texts in the reader's language", async () => {
    await i18nProvider.changeLocale('th');
    const { unmount } = renderInAdmin(dropdown());
    expect(screen.getByRole('button', { name: layout.th.mui.open })).toBeTruthy();
    expect(screen.getByTitle(layout.th.mui.clear)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open' })).toBeNull();
    unmount();
    await i18nProvider.changeLocale('en');
    renderInAdmin(dropdown());
    expect(screen.getByRole('button', { name: layout.en.mui.open })).toBeTruthy();
    await i18nProvider.changeLocale('th');
  });
});

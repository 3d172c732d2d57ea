import { screen } from '@testing-library/react';
import { ListContextProvider, type ListControllerResult } from 'react-admin';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18nProvider } from '../i18n/i18nProvider';
import { renderInAdmin } from '../i18n/renderInAdmin';
import { loadAllTexts } from '../i18n/testTexts';
import { ListPagination } from './ListPagination';

/** A list context of page 1 of 20 rows out of `total`, with the reply's `meta`. */
const list = (total: number, meta?: unknown) =>
  ({
    data: [],
    total,
    meta,
    page: 1,
    perPage: 20,
    setPage: () => undefined,
    setPerPage: () => undefined,
    hasNextPage: true,
    hasPreviousPage: false,
    isPending: false,
    isLoading: false,
    error: null,
    resource: 'risk-events',
  }) as unknown as ListControllerResult;

describe('ListPagination', () => {
  beforeAll(loadAllTexts);

  it('reads "of more than" when the server counted a search only up to its cap, in Thai and English', async () => {
    await i18nProvider.changeLocale('th');
    const { unmount } = renderInAdmin(
      <ListContextProvider value={list(200, { totalCapped: true })}>
        <ListPagination />
      </ListContextProvider>,
    );
    expect(screen.getByText('1-20 จากมากกว่า 200 รายการ')).toBeTruthy();
    unmount();
    await i18nProvider.changeLocale('en');
    const en = renderInAdmin(
      <ListContextProvider value={list(1200, { totalCapped: true })}>
        <ListPagination />
      </ListContextProvider>,
    );
    expect(screen.getByText('1-20 of more than 1,200')).toBeTruthy();
    en.unmount();
    await i18nProvider.changeLocale('th');
  });

  it('reads the exact total otherwise', async () => {
    await i18nProvider.changeLocale('th');
    renderInAdmin(
      <ListContextProvider value={list(200)}>
        <ListPagination />
      </ListContextProvider>,
    );
    expect(screen.getByText('1-20 จาก 200')).toBeTruthy();
  });
});

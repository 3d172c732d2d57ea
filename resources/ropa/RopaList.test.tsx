import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MENU } from '../../contract/menus';
import { th } from '../../i18n/ropa';
import { th as shell } from '../../i18n';
import { i18nProvider, loadTexts } from '../../src/i18n/i18nProvider';
import { RopaList } from './RopaList';

afterEach(cleanup);

const draft = { id: 'a1', name: 'รับสมัครงาน', department: 'ฝ่ายบุคคล', state: 'draft', role: 'controller', missingCount: 2, reviewDate: '2027-01-01' };

/** The list as a person whose role may (or may only read) menu 11 sees it. */
async function openAs(canEdit: boolean) {
  await loadTexts('ropa');
  const dataProvider = {
    getList: vi.fn(async () => ({ data: [draft], total: 1 })),
    userMenu: vi.fn(async () => [{ menuId: MENU.ropa.menuId, parentId: 0, canEdit }]),
    ropaChoices: async () => ({ departments: [] }),
  };
  render(
    <AdminContext dataProvider={dataProvider as never} i18nProvider={i18nProvider} store={memoryStore()}>
      <RopaList />
    </AdminContext>,
  );
  await screen.findByText(draft.name);
  // the role's rights have arrived (until then nobody may edit)
  await waitFor(() => expect(dataProvider.userMenu).toHaveBeenCalled());
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  return dataProvider;
}

describe('the ROPA activities list', () => {
  it('shows a view-only role no pencil, no delete and no add: each row opens read-only', async () => {
    await openAs(false);
    expect(screen.getByRole('link', { name: th.ropa.list.open })).toHaveProperty('href', expect.stringMatching(/\/ropa\/activity\/create\/a1$/));
    expect(screen.queryByRole('link', { name: shell.common.edit })).toBeNull();
    expect(screen.queryByRole('button', { name: shell.common.delete })).toBeNull();
    expect(screen.queryByRole('link', { name: th.ropa.list.add })).toBeNull();
  });

  it('shows an editor the pencil, and delete for a draft never approved', async () => {
    const dataProvider = await openAs(true);
    expect(await screen.findByRole('link', { name: shell.common.edit })).toBeTruthy();
    expect(screen.getByRole('button', { name: shell.common.delete })).toBeTruthy();
    expect(screen.queryByRole('link', { name: th.ropa.list.open })).toBeNull();
    // the newest change first, 20 a page
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'ropa-activities',
      expect.objectContaining({ pagination: { page: 1, perPage: 20 }, sort: { field: 'updated_dt', order: 'DESC' } }),
    );
  });
});

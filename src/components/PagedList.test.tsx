import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, Datagrid, TextField, memoryStore, testDataProvider, type GetListParams } from 'react-admin';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../i18n/i18nProvider';
import { CheckboxFilter, ListFilters } from './ListFilters';
import { PagedList } from './PagedList';

function Address() {
  const { search } = useLocation();
  return <output data-testid="address">{decodeURIComponent(search)}</output>;
}

function renderAt(path: string) {
  const getList = vi.fn(async (_resource: string, _params: GetListParams) => ({ data: [{ id: 1, name: 'คำขอ' }], total: 1 }));
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext i18nProvider={i18nProvider} store={memoryStore()} dataProvider={testDataProvider({ getList } as never)}>
        <PagedList resource="things" screenCode="TST#001" linkFilters={{ overdue: 'flag', statusId: [1, 2, 3] }} syncWithLocation>
          <ListFilters>
            <CheckboxFilter source="overdue" label="overdue" />
          </ListFilters>
          <Datagrid bulkActionButtons={false}>
            <TextField source="name" />
          </Datagrid>
        </PagedList>
        <Address />
      </AdminContext>
    </MemoryRouter>,
  );
  return getList;
}

describe('a list in the address', () => {
  afterEach(cleanup);

  it("opens a readable link with exactly its filters, in the list's own form, and the user changes them from there", async () => {
    const getList = renderAt('/things?overdue=true&statusId=3');
    await waitFor(() => expect(getList).toHaveBeenCalled());
    // the first call already has the link's filters (never the whole list first), a choice as the list's value
    expect(getList.mock.calls[0][1].filter).toEqual({ overdue: true, statusId: 3 });
    expect(await screen.findByRole('checkbox')).toHaveProperty('checked', true);
    expect(screen.getByTestId('address').textContent).toBe('?filter={"overdue":true,"statusId":3}');
    screen.getByRole('checkbox').click();
    await waitFor(() => expect(getList.mock.calls.at(-1)![1].filter).toEqual({ statusId: 3 }), { timeout: 3000 });
    expect(screen.getByTestId('address').textContent).toContain('filter={"statusId":3}');
  });

  it('ignores what a link names that the list does not accept', async () => {
    const getList = renderAt('/things?overdue=false&statusId=9&role=x');
    await waitFor(() => expect(getList).toHaveBeenCalled());
    expect(getList.mock.calls[0][1].filter).toEqual({});
    expect(screen.getByTestId('address').textContent).toBe('?overdue=false&statusId=9&role=x');
  });

  it("reads react-admin's own parameters", async () => {
    const getList = renderAt(`/things?filter=${encodeURIComponent('{"overdue":true}')}&page=1`);
    await waitFor(() => expect(getList).toHaveBeenCalled());
    expect(getList.mock.calls[0][1].filter).toEqual({ overdue: true });
  });
});

import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, Datagrid, TextField, memoryStore, testDataProvider, type GetListParams } from 'react-admin';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../i18n/i18nProvider';
import { CheckboxFilter, ListFilters } from './ListFilters';
import { PagedList } from './PagedList';

const linkFilter = (params: URLSearchParams) => ({ overdue: params.get('overdue') === 'true' || undefined });

function Address() {
  const { search } = useLocation();
  return <output data-testid="address">{decodeURIComponent(search)}</output>;
}

function renderAt(path: string) {
  const getList = vi.fn(async (_resource: string, _params: GetListParams) => ({ data: [{ id: 1, name: 'คำขอ' }], total: 1 }));
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext i18nProvider={i18nProvider} store={memoryStore()} dataProvider={testDataProvider({ getList } as never)}>
        <PagedList resource="things" screenCode="TST#001" linkFilter={linkFilter} syncWithLocation>
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

  it("opens with a readable link's filter and keeps the link until the user changes the filter", async () => {
    const getList = renderAt('/things?overdue=true');
    await waitFor(() => expect(getList).toHaveBeenCalled());
    expect(getList.mock.calls[0][1].filter).toEqual({ overdue: true });
    expect(await screen.findByRole('checkbox')).toHaveProperty('checked', true);
    expect(screen.getByTestId('address').textContent).toBe('?overdue=true');
    screen.getByRole('checkbox').click();
    await waitFor(() => expect(screen.getByTestId('address').textContent).toContain('filter={}'), { timeout: 3000 });
    await waitFor(() => expect(getList.mock.calls.at(-1)![1].filter).toEqual({}));
  });

  it("reads react-admin's own parameters", async () => {
    const getList = renderAt(`/things?filter=${encodeURIComponent('{"overdue":true}')}&page=1`);
    await waitFor(() => expect(getList).toHaveBeenCalled());
    expect(getList.mock.calls[0][1].filter).toEqual({ overdue: true });
  });
});

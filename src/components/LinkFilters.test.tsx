import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { LinkFilters, filtersOfLink } from './LinkFilters';

afterEach(cleanup);

const ACCEPT = { state: ['review', 'approved'], departmentId: 'text', overdue: 'flag' } as const;

function Address() {
  const { search } = useLocation();
  return <p data-testid="address">{decodeURIComponent(search)}</p>;
}

const open = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/list"
          element={
            <LinkFilters accept={ACCEPT}>
              <Address />
            </LinkFilters>
          }
        />
      </Routes>
    </MemoryRouter>,
  );

describe('a link naming filters the seed way', () => {
  it('keeps the filters the list accepts: a known choice, any text, a flag set to true', () => {
    const params = new URLSearchParams('state=approved&departmentId=d1&overdue=true&role=x');
    expect(filtersOfLink(params, ACCEPT)).toEqual({ state: 'approved', departmentId: 'd1', overdue: true });
    expect(filtersOfLink(new URLSearchParams('state=lost&overdue=false'), ACCEPT)).toEqual({});
  });

  it("gives a numbered choice as the list's number (`?statusId=3`), and refuses one the list does not have", () => {
    expect(filtersOfLink(new URLSearchParams('statusId=3'), { statusId: [1, 2, 3] })).toEqual({ statusId: 3 });
    expect(filtersOfLink(new URLSearchParams('statusId=03'), { statusId: [1, 2, 3] })).toEqual({});
  });

  it("opens the list with them in the list's own form", () => {
    open('/list?state=review&overdue=true');
    expect(screen.getByTestId('address').textContent).toBe('?filter={"state":"review","overdue":true}');
  });

  it("leaves an address in the list's own form, or naming no filter, as it is", () => {
    open('/list?filter={"state":"approved"}&page=2');
    expect(screen.getByTestId('address').textContent).toBe('?filter={"state":"approved"}&page=2');
  });
});

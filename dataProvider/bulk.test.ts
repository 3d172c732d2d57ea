import { describe, expect, it } from 'vitest';
import breaches from '../resources/breach/definition';
import dsr from '../resources/dsr/definition';
import { listQuery } from './bulk';

describe("a list's export asks with the list's own query", () => {
  it('sends a REST list its sort and filter as JSON, blank filters left out, no page', () => {
    expect(listQuery(breaches, { q: 'รั่ว', status: '', open: true }, { field: 'title', order: 'ASC' })).toEqual({
      sort: JSON.stringify(['title', 'ASC']),
      filter: JSON.stringify({ q: 'รั่ว', open: true }),
    });
  });

  it('sends a seed list what its getList sends, without currentPage and limit', () => {
    expect(listQuery(dsr, { statusId: 3, overdue: true, search: ' สมชาย ' })).toEqual({ statusId: 3, overdue: 'true', search: 'สมชาย' });
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildDataProvider } from '.';

afterEach(() => vi.unstubAllGlobals());

const VISITOR = '0b5e3c1a-2f4d-4e6a-9b8c-7d1e2f3a4b5c';
const logRow = {
  at: '2026-11-27T10:00:00.000Z',
  domainId: VISITOR,
  host: 'www.demo-shop.co.th',
  visitorId: VISITOR,
  version: 2,
  method: 'accept_all',
};

function replying(body: Record<string, unknown>) {
  const fetchMock = vi.fn(async () => Response.json({ status: 200, ...body }));
  vi.stubGlobal('fetch', fetchMock);
  return () => decodeURIComponent(String((fetchMock.mock.calls[0] as unknown[])[0]));
}

describe('the lists that were hand-paged, as react-admin resources', () => {
  it("asks the question bank by topic and trimmed text, the seed's paging", async () => {
    const url = replying({ questionList: [{ _id: 'q1', topic: 'consent' }], totalItem: 41 });
    const { data, total } = await buildDataProvider().getList('knowledge-questions', {
      pagination: { page: 2, perPage: 20 },
      sort: { field: 'id', order: 'ASC' },
      filter: { topic: 'consent', search: '  ถอน ' },
    });
    expect(url()).toBe('/api/v1/knowledge/questions?currentPage=2&limit=20&topic=consent&search=ถอน');
    expect(total).toBe(41);
    expect(data[0]).toMatchObject({ id: 'q1', _id: 'q1' });
  });

  it('asks the tests page by page', async () => {
    const url = replying({ testList: [{ _id: 't1' }], totalItem: 1 });
    const { data } = await buildDataProvider().getList('knowledge-tests', {
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(url()).toBe('/api/v1/knowledge/tests?currentPage=1&limit=20');
    expect(data[0].id).toBe('t1');
  });

  it('asks the cookie log for a visitor only by a whole id, and leaves blank filters out', async () => {
    let url = replying({ logList: [], hasMore: false });
    const provider = buildDataProvider();
    const params = { pagination: { page: 1, perPage: 20 }, sort: { field: 'id', order: 'ASC' as const } };
    await provider.getList('cookie-log', { ...params, filter: { visitorId: VISITOR.slice(0, 8), method: '', from: '2026-11-01' } });
    expect(url()).toBe('/api/v1/cookie/log?currentPage=1&limit=20&from=2026-11-01');
    url = replying({ logList: [], hasMore: false });
    await provider.getList('cookie-log', { ...params, filter: { visitorId: ` ${VISITOR} ` } });
    expect(url()).toBe(`/api/v1/cookie/log?currentPage=1&limit=20&visitorId=${VISITOR}`);
  });

  it('pages the cookie log without a count: more follow, or the last page tells how many there are', async () => {
    const params = { sort: { field: 'id', order: 'ASC' as const }, filter: {} };
    replying({ logList: [logRow, logRow], hasMore: true });
    const first = await buildDataProvider().getList('cookie-log', { ...params, pagination: { page: 1, perPage: 2 } });
    expect(first.total).toBeUndefined();
    expect(first.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: false });
    expect(first.data.map((r) => r.id)).toEqual([0, 1]);
    replying({ logList: [logRow], hasMore: false });
    const last = await buildDataProvider().getList('cookie-log', { ...params, pagination: { page: 3, perPage: 2 } });
    expect(last.total).toBe(5);
    expect(last.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: true });
    expect(last.data[0].id).toBe(4);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildDataProvider } from '.';

afterEach(() => vi.unstubAllGlobals());

describe('the data provider route table', () => {
  it("maps getList of notifications onto the seed's irregular call and its reply keys", async () => {
    const fetchMock = vi.fn(async () =>
      Response.json({
        status: 200,
        notificationList: [
          { _id: 'n1', kind: 'welcome', params: { company: 'DEMO' }, link: '/', read: false, created_dt: '2026-11-21T00:00:00.000Z' },
        ],
        totalNotification: 41,
        unread: 1,
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const result = await buildDataProvider().getList('notifications', {
      pagination: { page: 3, perPage: 20 },
      sort: { field: 'created_dt', order: 'DESC' },
      filter: {},
    });
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/v1/user/notification/list?currentPage=3&limit=20');
    expect(result.total).toBe(41);
    expect(result.data[0]).toMatchObject({ id: 'n1', _id: 'n1', kind: 'welcome' });
  });

  it('rejects a reply without status 200 in the body, even on HTTP 200', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ status: 500 })));
    await expect(
      buildDataProvider().getList('notifications', { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' }, filter: {} }),
    ).rejects.toMatchObject({ msgKey: 'errors.generic' });
  });

  it('reports a network failure as such', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(
      buildDataProvider().getList('notifications', { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' }, filter: {} }),
    ).rejects.toMatchObject({ status: 0, msgKey: 'errors.network' });
  });

  it('refuses an unknown resource', async () => {
    await expect(buildDataProvider().getOne('nothing', { id: 1 })).rejects.toMatchObject({ status: 404 });
  });
});

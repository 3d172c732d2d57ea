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

describe('the risk resources', () => {
  it("sends an event's form as the seed's riskMasterData, type 1 and riskCia", async () => {
    const fetchMock = vi.fn(async () =>
      Response.json({ status: 200, data: { _id: 'e1', name: 'ข้อมูลรั่วไหล', confidentiality: true, integrity: false, availability: false, created_dt: 'x' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { data } = await buildDataProvider().create('risk-events', { data: { name: 'ข้อมูลรั่วไหล', confidentiality: true } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/datarisk/create');
    expect(JSON.parse(String(init.body))).toEqual({
      riskMasterData: 'ข้อมูลรั่วไหล',
      type: 1,
      riskCia: { confidentiality: true, integrity: false, availability: false },
    });
    expect(data.id).toBe('e1');
  });

  it('deletes a treatment plan by sending the event id alone, and a plan by dataId and type 2', async () => {
    const fetchMock = vi.fn(async () => Response.json({ status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await buildDataProvider().delete('risk-treatments', { id: 'e1', previousData: { id: 'e1' } });
    await buildDataProvider().delete('risk-plans', { id: 'p1', previousData: { id: 'p1' } });
    const bodies = fetchMock.mock.calls.map((c) => [(c as unknown[])[0], JSON.parse(String(((c as unknown[])[1] as RequestInit).body))]);
    expect(bodies).toEqual([
      ['/api/v1/datarisk/handle/update', { riskId: 'e1' }],
      ['/api/v1/datarisk/delete/', { dataId: 'p1', type: 2 }],
    ]);
  });

  it('reads an evaluation by the regular REST convention', async () => {
    const fetchMock = vi.fn(async () => Response.json({ status: 200, data: { id: 'v1', name: 'ประเมิน', items: [] } }));
    vi.stubGlobal('fetch', fetchMock);
    const { data } = await buildDataProvider().getOne('risk-evaluations', { id: 'v1' });
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/v1/risk-evaluations/v1');
    expect(data).toEqual({ id: 'v1', name: 'ประเมิน', items: [] });
  });
});

describe('custom calls (named methods beside CRUD)', () => {
  it("answers a resource's named call with its declared path and reply", async () => {
    const fetchMock = vi.fn(async () => Response.json({ status: 200, people: [{ _id: 'u1', name: 'สมชาย ใจดี' }], entities: ['roles'] }));
    vi.stubGlobal('fetch', fetchMock);
    const reply = await buildDataProvider().auditOptions();
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/v1/audit/options');
    expect(reply.entities).toEqual(['roles']);
  });

  it('saves a file call under the name the server gives, sending the filters', async () => {
    const fetchMock = vi.fn(
      async () => new Response('\uFEFFwhen,who\n', { headers: { 'content-disposition': 'attachment; filename="audit-2569.csv"' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    await buildDataProvider().exportAuditTrail({ action: 'export', from: '2026-11-01' });
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/v1/audit/export?action=export&from=2026-11-01');
    expect(saved).toEqual(['audit-2569.csv']);
    click.mockRestore();
  });

  it('rejects a failed file call with the server message instead of saving its reply', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ status: 403, msg: 'ไม่มีสิทธิ์' }, { status: 403 })));
    await expect(buildDataProvider().exportAuditTrail({})).rejects.toMatchObject({ status: 403, msg: 'ไม่มีสิทธิ์' });
  });

  it('refuses two resources declaring a call of the same name', () => {
    const call = { method: 'GET', path: () => '/x', reply: (b: unknown) => b } as const;
    expect(() =>
      buildDataProvider([
        { name: 'a', menu: 'main', api: {}, calls: { same: call } },
        { name: 'b', menu: 'main', api: {}, calls: { same: call } },
      ]),
    ).toThrow(/same of b is declared twice/);
  });

  it('offers the public account calls', async () => {
    const fetchMock = vi.fn(async () => Response.json({ status: 200, companyCode: 'ACME', username: 'boss', verifyEmail: true }));
    vi.stubGlobal('fetch', fetchMock);
    const body = { companyCode: 'ACME', companyName: 'บริษัท เอ', username: 'boss', firstname: 'ก', lastname: 'ข', email: 'a@b.co', password: 'x'.repeat(12) };
    const reply = await buildDataProvider().createCompany({ kind: 'register', body });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect([url, init.method, JSON.parse(String(init.body))]).toEqual(['/api/v1/user/register', 'POST', body]);
    expect(reply.verifyEmail).toBe(true);
  });
});

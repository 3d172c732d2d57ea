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
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ status: 500 })),
    );
    await expect(
      buildDataProvider().getList('notifications', { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' }, filter: {} }),
    ).rejects.toMatchObject({ msgKey: 'errors.generic' });
  });

  it('reports a network failure as such', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
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
      Response.json({
        status: 200,
        data: { _id: 'e1', name: 'ข้อมูลรั่วไหล', confidentiality: true, integrity: false, availability: false, created_dt: 'x' },
      }),
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

  it("posts the risk report's selection and saves it under its format's name when the reply names none", async () => {
    const fetchMock = vi.fn(async () => new Response('%PDF-1.7'));
    vi.stubGlobal('fetch', fetchMock);
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    await buildDataProvider().exportRiskEvaluations({ riskIds: ['v1', 'v2'], format: 'pdf' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect([url, init.method, JSON.parse(String(init.body))]).toEqual([
      '/api/v1/datarisk/evaluation/export',
      'POST',
      { riskIds: ['v1', 'v2'], format: 'pdf' },
    ]);
    expect(saved).toEqual(['risk-evaluations.pdf']);
    click.mockRestore();
  });

  it('rejects a failed file call with the server message instead of saving its reply', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ status: 403, msg: 'ไม่มีสิทธิ์' }, { status: 403 })),
    );
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
    const body = {
      companyCode: 'ACME',
      companyName: 'บริษัท เอ',
      username: 'boss',
      firstname: 'ก',
      lastname: 'ข',
      email: 'a@b.co',
      password: 'x'.repeat(12),
    };
    const reply = await buildDataProvider().createCompany({ kind: 'register', body });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect([url, init.method, JSON.parse(String(init.body))]).toEqual(['/api/v1/user/register', 'POST', body]);
    expect(reply.verifyEmail).toBe(true);
  });
});

/** The URL and init of the first fetch. */
const sent = (fetchMock: ReturnType<typeof vi.fn>, n = 0) => {
  const [url, init] = fetchMock.mock.calls[n] as unknown as [string, RequestInit | undefined];
  return { url: String(url), method: init?.method, body: init?.body, headers: (init?.headers ?? {}) as Record<string, string> };
};

describe("the screens' named calls", () => {
  it('moves a data subject request to a state and answers the request as it now is', async () => {
    const request = { _id: 'r1', referenceCode: 'DEMO-DSR-0009', statusId: 2 };
    const fetchMock = vi.fn(async () => Response.json({ status: 200, request }));
    vi.stubGlobal('fetch', fetchMock);
    const reply = await buildDataProvider().changeDsrState({ requestId: 'r1', statusId: 2, note: 'ตรวจบัตรแล้ว' });
    const call = sent(fetchMock);
    expect([call.url, call.method, JSON.parse(String(call.body))]).toEqual([
      '/api/v1/consents/datasubject/state',
      'POST',
      { requestId: 'r1', statusId: 2, note: 'ตรวจบัตรแล้ว' },
    ]);
    expect(reply).toMatchObject({ id: 'r1', referenceCode: 'DEMO-DSR-0009' });
  });

  it("lists data subject requests with the seed's paging and only the filters given", async () => {
    const fetchMock = vi.fn(async () => Response.json({ status: 200, requestList: [{ _id: 'r1' }], totalItem: 21 }));
    vi.stubGlobal('fetch', fetchMock);
    const { data, total } = await buildDataProvider().getList('dsr-requests', {
      pagination: { page: 2, perPage: 20 },
      sort: { field: 'receivedAt', order: 'DESC' },
      filter: { statusId: 3, overdue: false, search: '  ' },
    });
    expect(sent(fetchMock).url).toBe('/api/v1/consents/datasubject/list?currentPage=2&limit=20&statusId=3');
    expect([data[0].id, total]).toEqual(['r1', 21]);
  });

  it('submits the public request form, its e-mailed code, and tracks it, on the public calls', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(Response.json({ status: 200, verificationId: 'v1', email: 'a@b.co', expiresAt: 'c' }))
      .mockResolvedValueOnce(Response.json({ status: 200, referenceCode: 'DEMO-DSR-0010', receivedAt: 'a', dueAt: 'b' }))
      .mockResolvedValueOnce(Response.json({ status: 200, referenceCode: 'DEMO-DSR-0010', statusId: 1, history: [] }));
    vi.stubGlobal('fetch', fetchMock);
    const provider = buildDataProvider();
    const body = {
      formId: 'f1',
      rights: ['access' as const],
      requesterType: 'subject' as const,
      subject: { firstname: 'สมหญิง', lastname: 'ใจดี', email: 'a@b.co' },
      details: '',
      consent: true as const,
      lang: 'th' as const,
    };
    expect((await provider.submitDsrRequest(body)).verificationId).toBe('v1');
    expect((await provider.verifyDsrRequest({ verificationId: 'v1', code: '123456' })).referenceCode).toBe('DEMO-DSR-0010');
    expect((await provider.trackDsrRequest({ referenceCode: 'DEMO-DSR-0010', email: 'a@b.co' })).statusId).toBe(1);
    expect([sent(fetchMock, 0).url, JSON.parse(String(sent(fetchMock, 0).body))]).toEqual(['/api/v1/consents/datasubject/add', body]);
    expect([sent(fetchMock, 1).url, JSON.parse(String(sent(fetchMock, 1).body))]).toEqual([
      '/api/v1/consents/datasubject/verify',
      { verificationId: 'v1', code: '123456' },
    ]);
    expect(sent(fetchMock, 2).url).toBe('/api/v1/consents/datasubject/tracking');
  });

  it('saves a DSR form as the seed does: PUT with dataId, the record keys left out', async () => {
    const form = { _id: 'f1', name: 'แบบฟอร์ม', publicLink: '/datasubject/form/f1', requestCount: 3 };
    const fetchMock = vi.fn(async () => Response.json({ status: 200, data: form }));
    vi.stubGlobal('fetch', fetchMock);
    const { data } = await buildDataProvider().update('dsr-forms', {
      id: 'f1',
      data: { ...form, id: 'f1', name: 'ใหม่' },
      previousData: { ...form, id: 'f1' },
    });
    const call = sent(fetchMock);
    expect([call.url, call.method, JSON.parse(String(call.body))]).toEqual([
      '/api/v1/consents/datasubject/form',
      'PUT',
      { name: 'ใหม่', dataId: 'f1' },
    ]);
    expect(data.id).toBe('f1');
  });

  it('publishes a consent notice and deletes one by formId in the body', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(Response.json({ status: 200, data: { version: 2, textHash: 'ab' } }))
      .mockResolvedValueOnce(Response.json({ status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const provider = buildDataProvider();
    expect(await provider.publishConsentNotice({ formId: 'n1' })).toEqual({ version: 2, textHash: 'ab' });
    await provider.delete('consent-notices', { id: 'n1', previousData: { id: 'n1' } });
    expect([sent(fetchMock, 0).url, JSON.parse(String(sent(fetchMock, 0).body))]).toEqual(['/api/v1/consents/form/publish', { formId: 'n1' }]);
    expect([sent(fetchMock, 1).url, JSON.parse(String(sent(fetchMock, 1).body))]).toEqual(['/api/v1/consents/form/delete', { formId: 'n1' }]);
  });

  it('surfaces a refused publish with the server message (the s.23 items missing)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ status: 400, msg: 'ยังขาด: ผู้รับข้อมูล' }, { status: 400 })),
    );
    await expect(buildDataProvider().publishConsentNotice({ formId: 'n1' })).rejects.toMatchObject({ status: 400, msg: 'ยังขาด: ผู้รับข้อมูล' });
  });

  it("gives the latest notifications' unread count as the list's meta, and marks them all read", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(Response.json({ status: 200, notificationList: [], totalNotification: 0, unread: 4 }))
      .mockResolvedValueOnce(Response.json({ status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const provider = buildDataProvider();
    const list = await provider.getList('notifications', {
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'created_dt', order: 'DESC' },
      filter: {},
    });
    expect(list.meta).toEqual({ unread: 4 });
    await provider.markAllNotificationsRead();
    expect([sent(fetchMock, 1).url, JSON.parse(String(sent(fetchMock, 1).body))]).toEqual(['/api/v1/user/notification/read', { all: true }]);
  });

  it('asks the menu and the risk level names in the language named by the call', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(Response.json({ status: 200, menu: [{ menuId: 15 }] }))
      .mockResolvedValueOnce(Response.json({ status: 200, levelDetail: { 1: 'ต่ำมาก' } }));
    vi.stubGlobal('fetch', fetchMock);
    const provider = buildDataProvider();
    expect(await provider.userMenu({ locale: 'en' })).toEqual([{ menuId: 15 }]);
    expect(await provider.riskLevelNames({ category: 'risk-finance', locale: 'en' })).toEqual({ 1: 'ต่ำมาก' });
    expect([sent(fetchMock, 0).url, sent(fetchMock, 0).headers['Accept-Language']]).toEqual(['/api/v1/user/menu', 'en']);
    expect([sent(fetchMock, 1).url, sent(fetchMock, 1).headers['Accept-Language']]).toEqual(['/api/v1/datarisk/level/list?type=risk-finance', 'en']);
  });

  it('sends the company profile as multipart: the JSON text and the logo', async () => {
    const fetchMock = vi.fn(async () => Response.json({ status: 200, init: true, company: { _id: 'c1' } }));
    vi.stubGlobal('fetch', fetchMock);
    const logo = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    await buildDataProvider().saveCompanyProfile({ detail: { nameTh: 'บริษัท' } as never, logo });
    const body = sent(fetchMock).body as FormData;
    expect(sent(fetchMock).url).toBe('/api/v1/setting/company/save');
    expect(JSON.parse(String(body.get('companyDetail')))).toEqual({ nameTh: 'บริษัท' });
    expect((body.get('file') as File).name).toBe('logo.png');
    expect(sent(fetchMock).headers['Content-Type']).toBeUndefined();
  });

  it("disables a person and sets a person's password under /people/:id", async () => {
    const fetchMock = vi.fn(async () => Response.json({ status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const provider = buildDataProvider();
    await provider.setPersonDisabled({ id: 'u 1', disabled: true });
    await provider.setPersonPassword({ id: 'u1', password: 'ยาวพอแล้ว12345' });
    expect([sent(fetchMock, 0).url, sent(fetchMock, 0).method, JSON.parse(String(sent(fetchMock, 0).body))]).toEqual([
      '/api/v1/people/u%201/status',
      'PUT',
      { disabled: true },
    ]);
    expect([sent(fetchMock, 1).url, JSON.parse(String(sent(fetchMock, 1).body))]).toEqual([
      '/api/v1/people/u1/password',
      { password: 'ยาวพอแล้ว12345' },
    ]);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildDataProvider } from '../../dataProvider';

afterEach(() => vi.unstubAllGlobals());

/** Stubs fetch with one reply; returns what was sent. */
function answer(body: Record<string, unknown>) {
  const fetchMock = vi.fn(async () => Response.json({ status: 200, ...body }));
  vi.stubGlobal('fetch', fetchMock);
  return () => {
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    return { url, method: init.method, body: init.body ? JSON.parse(String(init.body)) : undefined };
  };
}

const list = { pagination: { page: 2, perPage: 20 }, sort: { field: 'id', order: 'ASC' as const } };

describe("the people resources speak the seed's calls", () => {
  it('lists people by /user/contact/list with the kind filter, reading contactList and totalItem', async () => {
    const sent = answer({ contactList: [{ _id: 'p1', name: 'สมชาย ใจดี' }], totalItem: 21 });
    const result = await buildDataProvider().getList('people', { ...list, filter: { search: 'สม', kind: 'contact' } });
    expect(sent().url).toBe(`/api/v1/user/contact/list?currentPage=2&limit=20&search=${encodeURIComponent('สม')}&kind=contact`);
    expect(result).toEqual({ data: [{ _id: 'p1', id: 'p1', name: 'สมชาย ใจดี' }], total: 21 });
  });

  it('edits a person with PUT /people/:id', async () => {
    const sent = answer({ data: { _id: 'p1', firstname: 'ใหม่' } });
    const { data } = await buildDataProvider().update('people', { id: 'p1', data: { firstname: 'ใหม่' }, previousData: { id: 'p1' } });
    expect(sent()).toMatchObject({ url: '/api/v1/people/p1', method: 'PUT', body: { firstname: 'ใหม่' } });
    expect(data).toMatchObject({ id: 'p1' });
  });

  it('adds and renames a department with value and type, reads department and totalDoc', async () => {
    let sent = answer({ department: [{ _id: 'd1', name: 'ฝ่ายบุคคล' }], totalDoc: 1 });
    const listed = await buildDataProvider().getList('departments', { ...list, filter: {} });
    expect(sent().url).toBe('/api/v1/user/contact/department?currentPage=2&limit=20');
    expect(listed.data[0]).toMatchObject({ id: 'd1', name: 'ฝ่ายบุคคล' });

    sent = answer({ data: { _id: 'd2', name: 'ฝ่ายกฎหมาย' } });
    await buildDataProvider().create('departments', { data: { name: 'ฝ่ายกฎหมาย' } });
    expect(sent()).toMatchObject({ url: '/api/v1/user/contact/department', method: 'POST', body: { value: 'ฝ่ายกฎหมาย', type: 'department' } });

    sent = answer({ data: { _id: 'd2', name: 'ฝ่ายนิติการ' } });
    await buildDataProvider().update('departments', { id: 'd2', data: { name: 'ฝ่ายนิติการ' }, previousData: { id: 'd2' } });
    expect(sent()).toMatchObject({ method: 'PUT', body: { dataId: 'd2', value: 'ฝ่ายนิติการ', type: 'department' } });
  });

  it('adds a position with /user/contact/position, deletes it through the department call with type=position', async () => {
    let sent = answer({ position: [], totalDoc: 0 });
    await buildDataProvider().getList('positions', { ...list, filter: { departmentId: 'd1' } });
    expect(sent().url).toBe('/api/v1/user/contact/position?currentPage=2&limit=20&departmentId=d1');

    sent = answer({ data: { _id: 'x1', name: 'ผู้จัดการ', departmentId: 'd1' } });
    await buildDataProvider().create('positions', { data: { name: 'ผู้จัดการ', departmentId: 'd1' } });
    expect(sent()).toMatchObject({ url: '/api/v1/user/contact/position', method: 'POST', body: { departmentId: 'd1', value: 'ผู้จัดการ' } });

    sent = answer({ data: { _id: 'x1' } });
    await buildDataProvider().delete('positions', { id: 'x1', previousData: { id: 'x1' } });
    expect(sent()).toMatchObject({ url: '/api/v1/user/contact/department?dataId=x1&type=position', method: 'DELETE' });
  });
});

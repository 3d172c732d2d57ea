import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, memoryStore, type DataProvider } from 'react-admin';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { i18nProvider } from '../i18n/i18nProvider';
import { loadAllTexts } from '../i18n/testTexts';
import { ResourceListView, type ListedResource } from './ResourceListView';

let canEdit = true;
vi.mock('../auth/useCanEdit', () => ({ useCanEdit: () => canEdit }));

/** A resource declared only by its fields, table, form and texts (labels are i18n keys that exist). */
const definition: ListedResource = {
  name: 'risk-plans',
  menu: 'riskManagement',
  api: { rest: '/risk-plans' },
  fields: {
    name: { kind: 'text', label: 'risk.plan.name', rule: z.string().trim().min(1).max(50) },
    active: { kind: 'boolean', label: 'risk.cia.integrity' },
    created_dt: { kind: 'date', label: 'risk.columns.created' },
  },
  table: { columns: ['name', 'active', 'created_dt'], search: true, codes: { list: 'T#1', save: 'T#2', remove: 'T#3' } },
  form: { rows: [['name', 'active']], requiredKey: 'risk.required' },
  texts: { prefix: 'risk.plan', addButton: 'risk.create' },
};

function memoryProvider(rows: Record<string, unknown>[]) {
  const calls: { method: string; params: unknown }[] = [];
  const provider = {
    getList: async () => ({ data: rows, total: rows.length }),
    create: async (_r: string, params: { data: Record<string, unknown> }) => {
      calls.push({ method: 'create', params });
      const row = { ...params.data, id: String(rows.length + 1), created_dt: '2026-11-22T03:00:00Z' };
      rows.push(row);
      return { data: row };
    },
    update: async (_r: string, params: { id: string; data: Record<string, unknown> }) => {
      calls.push({ method: 'update', params });
      return { data: { ...params.data, id: params.id } };
    },
    delete: async (_r: string, params: { id: string }) => ({ data: { id: params.id } }),
  } as unknown as DataProvider;
  return { provider, calls };
}

const renderList = (provider: DataProvider) =>
  render(
    <AdminContext dataProvider={provider} i18nProvider={i18nProvider} store={memoryStore()}>
      <ResourceListView definition={definition} />
    </AdminContext>,
  );

beforeAll(loadAllTexts);

describe('the list generated from a definition', () => {
  beforeEach(() => {
    canEdit = true;
  });
  afterEach(cleanup);

  it('shows row numbers and the declared columns with their Thai headers and values', async () => {
    const { provider } = memoryProvider([{ id: 'a', name: 'สำรองข้อมูลทุกวัน', active: true, created_dt: '2026-11-21T03:00:00Z' }]);
    renderList(provider);
    const row = await screen.findByText('สำรองข้อมูลทุกวัน');
    const cells = within(row.closest('tr')!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 4)).toEqual(['1', 'สำรองข้อมูลทุกวัน', 'ใช่', '21 พฤศจิกายน 2569']);
    expect(screen.getByText('มาตรการ/แผน')).toBeTruthy();
    expect(screen.getByText('จัดการ')).toBeTruthy();
  });

  it("validates the form by the fields' rules, then creates the record and reloads", async () => {
    const { provider, calls } = memoryProvider([]);
    renderList(provider);
    fireEvent.click(await screen.findByRole('button', { name: 'สร้าง' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('เพิ่มมาตรการ/แผนความเสี่ยง')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'ยืนยัน' }));
    expect(await within(dialog).findByText('This value is required.')).toBeTruthy();
    expect(calls).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText(/มาตรการ\/แผน/), { target: { value: '  ทดสอบแผน  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'ยืนยัน' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'create', params: { data: { name: 'ทดสอบแผน', active: false } } });
    expect(await screen.findByText('ทดสอบแผน')).toBeTruthy();
  });

  it('edits a row with its own values', async () => {
    const { provider, calls } = memoryProvider([{ id: 'a', name: 'เดิม', active: true, created_dt: '2026-11-21T03:00:00Z' }]);
    renderList(provider);
    await screen.findByText('เดิม');
    fireEvent.click(screen.getByRole('button', { name: 'แก้ไข' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText(/มาตรการ\/แผน/) as HTMLInputElement;
    expect(input.value).toBe('เดิม');
    fireEvent.change(input, { target: { value: 'ใหม่' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'ยืนยัน' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'update', params: { id: 'a', data: { name: 'ใหม่', active: true } } });
  });

  it('shows a view-only role no add, edit or delete', async () => {
    canEdit = false;
    const { provider } = memoryProvider([{ id: 'a', name: 'อ่านอย่างเดียว', active: false, created_dt: '2026-11-21T03:00:00Z' }]);
    renderList(provider);
    await screen.findByText('อ่านอย่างเดียว');
    expect(screen.queryByRole('button', { name: 'สร้าง' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'แก้ไข' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'ลบ' })).toBeNull();
    expect(screen.queryByText('จัดการ')).toBeNull();
  });
});

import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../dataProvider/http';
import { i18nProvider } from '../i18n/i18nProvider';
import { EmptyList } from './EmptyList';
import { ErrorToast } from './ErrorToast';
import { failureText } from './failureText';
import { ListLooks } from './PagedList';
import { TypedDeleteDialog } from './TypedDeleteDialog';
import { th } from '../../i18n';

const inAdmin = (ui: React.ReactNode) =>
  render(
    <AdminContext i18nProvider={i18nProvider} store={memoryStore()}>
      {ui}
    </AdminContext>,
  );
const translate = (key: string) => (key === 'errors.network' ? th.errors.network : key === 'errors.generic' ? th.errors.generic : key);

describe('the error toast', () => {
  it('shows the title, the message, then CODE and the screen code', () => {
    inAdmin(<ErrorToast message="ไม่พบข้อมูลที่ต้องการ" screenCode="RKE#002" />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('เกิดข้อผิดพลาดไม่พบข้อมูลที่ต้องการCODE: RKE#002');
  });

  it("uses the server's msg, else the network or generic non-200 text, else the raw error", () => {
    expect(failureText(new ApiFailure(400, 'ข้อมูลไม่ถูกต้อง', undefined), translate)).toBe('ข้อมูลไม่ถูกต้อง');
    expect(failureText(new ApiFailure(0, undefined, 'errors.network'), translate)).toBe(th.errors.network);
    expect(failureText(new ApiFailure(502, undefined, 'errors.generic'), translate)).toBe('เกิดข้อผิดพลาด กรุณาลองใหม่ภายหลัง!');
    expect(failureText(new Error('raw cause'), translate)).toBe('raw cause');
  });
});

describe('the typed delete confirmation', () => {
  it("enables confirm only when 'delete' is typed exactly", () => {
    const onConfirm = vi.fn();
    inAdmin(<TypedDeleteDialog open onConfirm={onConfirm} onClose={() => undefined} />);
    expect(screen.getByText('ลบข้อมูล')).toBeTruthy();
    expect(screen.getByText('กรุณาตรวจสอบข้อมูล ให้ละเอียดก่อนทำรายการนี้')).toBeTruthy();
    const confirm = screen.getByRole('button', { name: 'ยืนยันการลบ' }) as HTMLButtonElement;
    const input = screen.getByTestId('typed-delete-input');
    for (const attempt of ['Delete', 'delete ', 'del', 'DELETE']) {
      fireEvent.change(input, { target: { value: attempt } });
      expect(confirm.disabled).toBe(true);
    }
    fireEvent.change(input, { target: { value: 'delete' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});

describe('the empty list texts', () => {
  it('says nothing exists, or that a search found nothing', () => {
    const { unmount } = inAdmin(<EmptyList />);
    expect(screen.getByText('ไม่มีข้อมูลในระบบ')).toBeTruthy();
    unmount();
    inAdmin(<EmptyList searching />);
    expect(screen.getByText('ไม่พบรายการข้อมูล')).toBeTruthy();
  });
});

describe("a list's looks", () => {
  beforeEach(cleanup);
  afterEach(cleanup);
  const state = { isPending: false, error: undefined as unknown, refetch: vi.fn(), isEmpty: false };
  const looks = (over: Partial<typeof state>) =>
    inAdmin(
      <ListLooks state={{ ...state, ...over }} screenCode="TST#001">
        <p>rows</p>
      </ListLooks>,
    );

  it('loading is the skeleton alone: no rows, no empty text', () => {
    looks({ isPending: true, isEmpty: true });
    expect(screen.getByTestId('loading-list')).toBeTruthy();
    expect(screen.queryByText('rows')).toBeNull();
    expect(screen.queryByText(th.common.empty_list)).toBeNull();
  });

  it('a failure is the reason, its screen code and a retry, never an empty list', () => {
    looks({ error: new ApiFailure(500, 'ระบบขัดข้องชั่วคราว', undefined), isEmpty: true });
    const failed = screen.getByTestId('load-failed');
    expect(failed.textContent).toContain('TST#001');
    expect(screen.queryByText(th.common.empty_list)).toBeNull();
    expect(screen.queryByText('rows')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: th.app.retry }));
    expect(state.refetch).toHaveBeenCalledOnce();
  });

  it("empty is the list's own text, or the seed's; rows are the rows", () => {
    const { unmount } = looks({ isEmpty: true });
    expect(screen.getByText(th.common.empty_list)).toBeTruthy();
    unmount();
    const custom = inAdmin(<ListLooks state={{ ...state, isEmpty: true }} empty={<p>none yet</p>} />);
    expect(screen.getByText('none yet')).toBeTruthy();
    custom.unmount();
    looks({});
    expect(screen.getByText('rows')).toBeTruthy();
    expect(screen.queryByTestId('empty-list')).toBeNull();
  });
});

import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../i18n/i18nProvider';
import { useAccountForm } from './useAccountForm';

afterEach(cleanup);

const check = (v: { email: string }) => ({ email: v.email.includes('@') ? undefined : 'bad email' });

function EmailForm({ send }: { send: (v: { email: string }) => Promise<void> }) {
  const { field, submit, error } = useAccountForm({ email: '' }, check);
  const email = field('email');
  return (
    <form onSubmit={submit(send)}>
      <input aria-label="email" value={email.value} onChange={(e) => email.onChange(e.target.value)} />
      {email.problem ? <p>{email.problem}</p> : null}
      {error ? <p role="alert">{error}</p> : null}
      <button type="submit">go</button>
    </form>
  );
}

const renderForm = (send: (v: { email: string }) => Promise<void>) =>
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <EmailForm send={send} />
    </AdminContext>,
  );

describe('a small account form', () => {
  it('shows a problem only once submitted, then as the person types, and sends only valid values', async () => {
    const send = vi.fn(async () => {});
    renderForm(send);
    fireEvent.change(screen.getByLabelText('email'), { target: { value: 'x' } });
    expect(screen.queryByText('bad email')).toBeNull();
    fireEvent.click(screen.getByText('go'));
    expect(await screen.findByText('bad email')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('email'), { target: { value: 'a@b.co' } });
    await waitFor(() => expect(screen.queryByText('bad email')).toBeNull());
    fireEvent.click(screen.getByText('go'));
    await waitFor(() => expect(send).toHaveBeenCalledWith({ email: 'a@b.co' }));
  });

  it("shows the server's refusal", async () => {
    renderForm(async () => {
      throw new Error('refused by the server');
    });
    fireEvent.change(screen.getByLabelText('email'), { target: { value: 'a@b.co' } });
    fireEvent.click(screen.getByText('go'));
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});

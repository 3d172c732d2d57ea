import { act, cleanup, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { SharedBlocker, sharedBlockerRouterProvider } from './sharedBlocker';

afterEach(cleanup);

/** A guarded form as react-admin's guard sees it: its blocker's state, and buttons to stay or go. */
function Guard({ name, dirty }: { name: string; dirty: boolean }) {
  const blocker = sharedBlockerRouterProvider.useBlocker(() => dirty);
  return (
    <div>
      <p data-testid={name}>{blocker.state}</p>
      {blocker.state === 'blocked' ? (
        <>
          <button onClick={() => blocker.reset()}>{`${name} stays`}</button>
          <button onClick={() => blocker.proceed()}>{`${name} goes`}</button>
        </>
      ) : null}
    </div>
  );
}

function Page({ dirty }: { dirty: [boolean, boolean, boolean] }) {
  const navigate = useNavigate();
  return (
    <>
      <Guard name="system" dirty={dirty[0]} />
      <Guard name="connection" dirty={dirty[1]} />
      <Guard name="tables" dirty={dirty[2]} />
      <button onClick={() => navigate('/dashboard')}>leave</button>
    </>
  );
}

function open(dirty: [boolean, boolean, boolean]) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <SharedBlocker>
            <Page dirty={dirty} />
          </SharedBlocker>
        ),
      },
    ],
    { initialEntries: ['/data-manage/add/1'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const states = () => ['system', 'connection', 'tables'].map((name) => screen.getByTestId(name).textContent);

describe('the shared blocker', () => {
  it('a changed form mounted first still blocks, though two clean forms mounted after it', async () => {
    const router = open([true, false, false]);
    await act(async () => screen.getByText('leave').click());
    expect(states()).toEqual(['blocked', 'unblocked', 'unblocked']);
    expect(router.state.location.pathname).toBe('/data-manage/add/1');
    await act(async () => screen.getByText('system stays').click());
    expect(states()).toEqual(['unblocked', 'unblocked', 'unblocked']);
    expect(router.state.location.pathname).toBe('/data-manage/add/1');
  });

  it('the form that blocked lets the navigation go on when the user leaves', async () => {
    const router = open([false, true, false]);
    await act(async () => screen.getByText('leave').click());
    expect(states()).toEqual(['unblocked', 'blocked', 'unblocked']);
    await act(async () => screen.getByText('connection goes').click());
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('no form changed: the navigation is not blocked', async () => {
    const router = open([false, false, false]);
    await act(async () => screen.getByText('leave').click());
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { RouterProvider, createMemoryRouter, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SharedBlocker, sharedBlockerRouterProvider } from './sharedBlocker';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A guarded form as react-admin's guard sees it: a rule that holds navigations back while it is changed. */
function Guard({ dirty }: { dirty: boolean }) {
  sharedBlockerRouterProvider.useBlocker(() => dirty);
  return null;
}

function Page(props: { dirty: [boolean, boolean, boolean] }) {
  const navigate = useNavigate();
  const [dirty, setDirty] = useState(props.dirty);
  // react-admin's save: the redirect first, the form's reset just after
  const save = () => {
    void navigate('/dashboard');
    setDirty([false, false, false]);
  };
  return (
    <>
      <button onClick={save}>save</button>
      {dirty.map((changed, i) => (
        <Guard key={i} dirty={changed} />
      ))}
      <button onClick={() => navigate('/dashboard')}>leave</button>
      <button onClick={() => navigate('/ropa')}>elsewhere</button>
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
  return { router };
}

/** the user's answers to the question, in turn; the questions asked */
function answer(...answers: boolean[]) {
  const asked: string[] = [];
  vi.spyOn(window, 'confirm').mockImplementation((question) => {
    asked.push(String(question));
    return answers.shift() ?? false;
  });
  return asked;
}

/** a click, then the moment the shared blocker waits before it asks */
async function click(text: string) {
  await act(async () => screen.getByText(text).click());
  await act(() => new Promise((resolve) => window.setTimeout(resolve, 20)));
}

describe('the shared blocker', () => {
  it('a changed form mounted first still holds the navigation, though two clean forms mounted after it; "stay" keeps the page', async () => {
    const asked = answer(false);
    const { router } = open([true, false, false]);
    await click('leave');
    expect(asked).toEqual(['ra.message.unsaved_changes']);
    expect(router.state.location.pathname).toBe('/data-manage/add/1');
    expect([...router.state.blockers.values()].map((b) => b.state)).toEqual(['unblocked']);
  });

  it('the user leaves anyway: the navigation goes on', async () => {
    const asked = answer(true);
    const { router } = open([false, true, false]);
    await click('leave');
    expect(asked).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('no form changed: the navigation is not held and nothing is asked', async () => {
    const asked = answer();
    const { router } = open([false, false, false]);
    await click('leave');
    expect(asked).toEqual([]);
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('each held navigation is asked about once, the next one too after "stay"', async () => {
    const asked = answer(false, false, true);
    const { router } = open([false, false, true]);
    await click('leave');
    await click('elsewhere');
    expect(asked).toHaveLength(2);
    expect(router.state.location.pathname).toBe('/data-manage/add/1');
    await click('elsewhere');
    expect(asked).toHaveLength(3);
    expect(router.state.location.pathname).toBe('/ropa');
  });

  it('a form that turns clean just after its navigation was held (a save that moves on) goes without asking', async () => {
    const asked = answer();
    const { router } = open([true, false, false]);
    await click('save');
    expect(asked).toEqual([]);
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

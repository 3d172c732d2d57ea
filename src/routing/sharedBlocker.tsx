import { createContext, useCallback, useContext, useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { reactRouterProvider, useTranslate, type RouterBlocker, type RouterBlockerFunction, type RouterProvider } from 'react-admin';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router-dom';

type Rule = RouterBlockerFunction | boolean;
type BlockArgs = Parameters<RouterBlockerFunction>[0];
/** a guarded form: whether it holds a navigation back, and the question it asks then */
interface Guard {
  rule: Rule;
  question: string;
}

const IDLE: RouterBlocker = { state: 'unblocked', reset: undefined, proceed: undefined, location: undefined };
const GuardsContext = createContext<Map<string, { current: Guard }> | null>(null);
const blocks = (rule: Rule, args: BlockArgs) => (typeof rule === 'function' ? rule(args) : rule);

/**
 * The app's one navigation blocker, and the one place that asks before leaving. react-router consults only the
 * blocker registered last, so on a page with several guarded forms (a system, its connection, its tables) the
 * others' unsaved changes would be lost without a word; and when each guard asked for itself, it acted on its own
 * rendered copy of the router's state, which lags behind the router's (the router renders in transitions), and
 * so could proceed a navigation already reset, or miss the next one. Here every form's rule is asked when a
 * navigation starts; if one holds it, the question is asked once for that navigation, a moment later (a save
 * that moves on resets its form just after its own navigation was held: then it goes without asking), and the
 * answer is given to the router's current blocker.
 */
export function SharedBlocker({ children }: { children: ReactNode }) {
  const guards = useRef(new Map<string, { current: Guard }>()).current;
  const held = useRef<BlockArgs>(undefined);
  const holder = useCallback((args: BlockArgs) => [...guards.values()].find((guard) => blocks(guard.current.rule, args)), [guards]);
  const shouldBlock = useCallback(
    (args: BlockArgs) => {
      held.current = args;
      return holder(args) !== undefined;
    },
    [holder],
  );
  const blocker = useBlocker(shouldBlock);
  // there is one: react-router's useBlocker above works only under a data router
  const { router } = useContext(UNSAFE_DataRouterContext)!;
  const asked = useRef<unknown>(undefined);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asked.current === blocker.location) return;
    const location = blocker.location;
    asked.current = location;
    window.setTimeout(() => {
      // the router's blocker now, not this render's copy of it: answered once, while it still holds this navigation
      const live = [...router.state.blockers.values()].find((b) => b.state === 'blocked');
      if (!live || live.location !== location) return;
      const guard = held.current && holder(held.current);
      if (!guard || window.confirm(guard.current.question)) live.proceed();
      else live.reset();
    });
  }, [blocker, router, holder]);
  return <GuardsContext.Provider value={guards}>{children}</GuardsContext.Provider>;
}

/**
 * react-admin's `useBlocker`, through the shared blocker: the form's rule joins the others and the shared blocker
 * asks react-admin's question; the form's own guard always sees an idle blocker, so it never asks a second time.
 */
function useSharedBlocker(shouldBlock: Rule): RouterBlocker {
  const guards = useContext(GuardsContext);
  if (!guards) throw new Error('useSharedBlocker needs <SharedBlocker> around the admin');
  const translate = useTranslate();
  const key = useId();
  const guard = useRef<Guard>({ rule: shouldBlock, question: '' });
  // before the browser paints: a navigation that starts next sees the form as it is now
  useLayoutEffect(() => {
    guard.current = { rule: shouldBlock, question: translate('ra.message.unsaved_changes') };
  });
  useEffect(() => {
    guards.set(key, guard);
    return () => void guards.delete(key);
  }, [guards, key]);
  return IDLE;
}

/** react-router for react-admin, every form's unsaved-changes guard on the one shared blocker. */
export const sharedBlockerRouterProvider: RouterProvider = { ...reactRouterProvider, useBlocker: useSharedBlocker };

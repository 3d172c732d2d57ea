import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { reactRouterProvider, type RouterBlocker, type RouterBlockerFunction, type RouterProvider } from 'react-admin';
import { useBlocker } from 'react-router-dom';

type Rule = RouterBlockerFunction | boolean;
type BlockArgs = Parameters<RouterBlockerFunction>[0];
interface Hub {
  rules: Map<string, { current: Rule }>;
  blocker: RouterBlocker;
  /** the rule that stopped the navigation pending: its form asks the user */
  blockedBy: string | undefined;
}

const IDLE: RouterBlocker = { state: 'unblocked', reset: undefined, proceed: undefined, location: undefined };
const HubContext = createContext<Hub | null>(null);
const blocks = (rule: Rule, args: BlockArgs) => (typeof rule === 'function' ? rule(args) : rule);

/**
 * The app's one navigation blocker. react-router consults only the blocker registered last, so on a page with
 * several guarded forms (a system, its connection, its tables) the others' unsaved changes would be lost
 * without a word. Here every form's rule is asked; the first that blocks owns the navigation: its guard
 * (react-admin's `warnWhenUnsavedChanges`) asks the user, then proceeds or stays.
 */
export function SharedBlocker({ children }: { children: ReactNode }) {
  const [rules] = useState(() => new Map<string, { current: Rule }>());
  const [blockedBy, setBlockedBy] = useState<string>();
  const shouldBlock = useCallback(
    (args: BlockArgs) => {
      const owner = [...rules].find(([, rule]) => blocks(rule.current, args))?.[0];
      setBlockedBy(owner);
      return owner !== undefined;
    },
    [rules],
  );
  const blocker = useBlocker(shouldBlock) as RouterBlocker;
  const hub = useMemo(() => ({ rules, blocker, blockedBy }), [rules, blocker, blockedBy]);
  return <HubContext.Provider value={hub}>{children}</HubContext.Provider>;
}

/** react-admin's `useBlocker`, through the shared blocker: a rule of its own, the blocked state only when it blocked. */
function useSharedBlocker(shouldBlock: Rule): RouterBlocker {
  const hub = useContext(HubContext);
  if (!hub) throw new Error('useSharedBlocker needs <SharedBlocker> around the admin');
  const key = useId();
  const rule = useRef(shouldBlock);
  useEffect(() => {
    rule.current = shouldBlock;
  });
  const { rules } = hub;
  useEffect(() => {
    rules.set(key, rule);
    return () => void rules.delete(key);
  }, [rules, key]);
  return hub.blocker.state !== 'unblocked' && hub.blockedBy === key ? hub.blocker : IDLE;
}

/** react-router for react-admin, every form's unsaved-changes guard on the one shared blocker. */
export const sharedBlockerRouterProvider: RouterProvider = { ...reactRouterProvider, useBlocker: useSharedBlocker };

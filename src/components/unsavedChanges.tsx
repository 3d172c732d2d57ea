import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';

/**
 * For a switch inside a page that drops a form's changes (Cancel closing an editor, another tab's form): the
 * question react-admin's guard asks before leaving the page. Gives true when it is fine to go on.
 */
export function useConfirmDiscard() {
  const translate = useTranslate();
  return useCallback((dirty: boolean) => !dirty || window.confirm(translate('ra.message.unsaved_changes')), [translate]);
}

/** Inside a `<Form>`: tells what is around it whether the form holds unsaved changes (false once it goes). */
export function UnsavedChangesSpy({ onChange }: { onChange(dirty: boolean): void }) {
  const { isDirty } = useFormState();
  useEffect(() => onChange(isDirty), [isDirty, onChange]);
  useEffect(() => () => onChange(false), [onChange]);
  return null;
}

/**
 * The leave guard of a screen whose values are not a react-admin `<Form>` (which has `warnWhenUnsavedChanges`):
 * while `dirty`, leaving its address asks react-admin's question, and closing or reloading the tab the browser's.
 */
export function useLeaveGuard(dirty: boolean) {
  // a screen that saved and moves on at once (before it renders clean) lets that one navigation through
  const released = useRef(false);
  useEffect(() => {
    released.current = false;
  }, [dirty]);
  // the shared blocker (src/routing/sharedBlocker) asks the question when this rule holds a navigation back
  useBlocker(({ currentLocation, nextLocation }) => dirty && !released.current && nextLocation.pathname !== currentLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
  /** call right before a navigation that follows a save: it goes without the question */
  return useCallback(() => void (released.current = true), []);
}

import { useCallback, useEffect } from 'react';
import { useTranslate } from 'react-admin';
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

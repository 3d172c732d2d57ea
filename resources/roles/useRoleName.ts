import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import type { Role } from '../../contract/roles';

/** A role's name in the reader's language: the built-in roles have one per language, the company's their own. */
export function useRoleName() {
  const translate = useTranslate();
  return useCallback(
    (role: Pick<Role, 'name' | 'builtin'>) => (role.builtin ? translate(`roles.builtin_names.${role.builtin}`, { _: role.name }) : role.name),
    [translate],
  );
}

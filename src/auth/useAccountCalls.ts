import { DataProviderContext } from 'ra-core';
import { useContext } from 'react';
import type { AccountCalls } from '../../dataProvider/accounts';

/**
 * The account calls of the data provider in react-admin's context: the application's (inside
 * `<Admin>`), or the sign-in bundle's, which offers these calls alone (LoginShell).
 */
export function useAccountCalls(): AccountCalls {
  const dataProvider = useContext(DataProviderContext) as unknown as AccountCalls | null;
  if (!dataProvider) throw new Error('the account pages need a data provider in context');
  return dataProvider;
}

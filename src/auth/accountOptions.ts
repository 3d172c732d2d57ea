import { useEffect, useState } from 'react';
import type { AccountOptions } from '../../contract/accounts';
import { useAccountCalls } from './useAccountCalls';

let asked: Promise<AccountOptions> | undefined;

/**
 * Which public account pages this deployment opens (`GET /user/account-options`), asked once per
 * page load; undefined while unknown, and everything closed when the server cannot say.
 */
export function useAccountOptions(): AccountOptions | undefined {
  const { accountOptions } = useAccountCalls();
  const [options, setOptions] = useState<AccountOptions>();
  useEffect(() => {
    let current = true;
    asked ??= accountOptions().catch(() => {
      asked = undefined;
      return { status: 200, signup: false, generate: false } as const;
    });
    asked.then((o) => current && setOptions(o));
    return () => {
      current = false;
    };
  }, [accountOptions]);
  return options;
}

/** After an account is created, the next visitor must not see the first-account page as open. */
export const forgetAccountOptions = () => {
  asked = undefined;
};

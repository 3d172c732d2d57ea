import type { HTMLAttributes, PropsWithChildren } from 'react';
import { FilterLiveForm } from 'react-admin';

/** The filters sit inside the search toolbar's form: they need no form element of their own. */
const Inline = ({ children }: PropsWithChildren<Pick<HTMLAttributes<HTMLFormElement>, 'onSubmit'>>) => <>{children}</>;

/**
 * A list's filter inputs (react-admin's `SelectInput`, `BooleanInput`, `TextInput`…), applied as they
 * change, each one kept in the list's filter values (and so in the address when the list keeps it).
 */
export function InlineFilters({ children, debounce = 0 }: PropsWithChildren<{ debounce?: number }>) {
  return (
    <FilterLiveForm formComponent={Inline} debounce={debounce}>
      {children}
    </FilterLiveForm>
  );
}

/** The props of a filter's inputs: outlined and small as the search box, no helper line. */
export const FILTER_INPUT = { variant: 'outlined', size: 'small', helperText: false } as const;

/** A switch filters when on and stops filtering when off (off is not "only the others"). */
export const ON_ONLY = { format: (value: unknown) => value === true, parse: (on: boolean) => (on ? true : '') };

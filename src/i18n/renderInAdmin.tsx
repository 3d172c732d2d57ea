import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, memoryStore } from 'react-admin';
import { i18nProvider } from './i18nProvider';

/** Unit tests: renders `ui` inside react-admin's context, with the application's texts and a memory store. */
export const renderInAdmin = (ui: ReactNode) =>
  render(
    <AdminContext i18nProvider={i18nProvider} store={memoryStore()}>
      {ui}
    </AdminContext>,
  );

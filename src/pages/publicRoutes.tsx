import { lazy } from 'react';
import { Route } from 'react-router-dom';
import { PUBLIC_PAGES } from './publicPages';

const PAGES = PUBLIC_PAGES.map(({ path, load }) => ({ path, Page: lazy(load) }));

/** The data subjects' public pages as routes: in their light shell and in the application alike. */
export const publicRoutes = () => PAGES.map(({ path, Page }) => <Route key={path} path={path} element={<Page />} />);

import type { ThemeOptions } from '@mui/material/styles';

const FONT = '"Sarabun", "Noto Sans Thai", "Tahoma", sans-serif';

/** A person whose system asks for reduced motion (WCAG 2.3.3) gets none: no slide, fade, grow or spin. */
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const reducedMotion = typeof window !== 'undefined' && !!window.matchMedia?.(REDUCED_MOTION).matches;
const STILL = { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 };

/**
 * The seed's layout defaults: light mode, a dark top bar, the sidebar condensing from 992 px up
 * (the `md` breakpoint is moved there). Free of react-admin, so the light sign-in bundle can use it.
 */
export const theme: ThemeOptions & { sidebar: { width: number; closedWidth: number } } = {
  breakpoints: { values: { xs: 0, sm: 600, md: 992, lg: 1200, xl: 1536 } },
  palette: {
    mode: 'light',
    primary: { main: '#1e4f91' },
    // MUI's orange (#ed6c02) is 3.1:1 on white, under WCAG's 4.5:1 for text (outlined buttons, chips)
    warning: { main: '#b45309' },
    // MUI's blue (#0288d1) under white chip text is 3.9:1, under AA (the DSR list's state chips)
    info: { main: '#0369a1' },
    secondary: { main: '#1f2a3c' },
    background: { default: '#f3f5f9' },
  },
  typography: { fontFamily: FONT, fontSize: 15 },
  sidebar: { width: 280, closedWidth: 56 },
  ...(reducedMotion ? { transitions: { create: () => 'none', duration: STILL } } : {}),
  components: {
    // what the theme's transitions do not reach (spinners, skeletons, ripples) stands still too
    MuiCssBaseline: {
      styleOverrides: `@media ${REDUCED_MOTION} { *, *::before, *::after { animation-duration: 1ms !important; animation-iteration-count: 1 !important; transition-duration: 0s !important; scroll-behavior: auto !important; } }`,
    },
    // Thai has no capitals; English labels read better as written than shouted
    MuiButton: { styleOverrides: { root: { textTransform: 'none' } } },
    MuiTab: { styleOverrides: { root: { textTransform: 'none' } } },
    MuiAppBar: { styleOverrides: { colorSecondary: { backgroundColor: '#1f2a3c', color: '#fff' } } },
    // a toast at the foot would lie over an open dialog's buttons (its save refused, the person fixes and
    // saves again): while a dialog is open, toasts come at the top
    MuiSnackbar: { styleOverrides: { root: { 'body:has(.MuiDialog-root) &': { top: 24, bottom: 'auto' } } } },
  },
};

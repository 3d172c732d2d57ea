import { LinearProgress } from '@mui/material';
import { lazy, Suspense, type ComponentProps } from 'react';

const RichTextEditor = lazy(() => import('./RichTextEditor'));

/** The rich text editor, its code fetched the first time a text is edited (never with the lists). */
export function LazyEditor(props: ComponentProps<typeof RichTextEditor>) {
  return (
    <Suspense fallback={<LinearProgress aria-label={props.label} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}

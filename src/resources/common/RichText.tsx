import { lazy, Suspense } from 'react';
import Skeleton from '@mui/material/Skeleton';
import type { RichTextInputProps } from 'ra-input-rich-text';

// The editor (tiptap) is a large chunk: only the screens that edit rich text (pages, FAQs) load it.
const LazyRichTextInput = lazy(() => import('./RichTextEditor'));

/** A rich-text input (ra-input-rich-text), loaded when first shown. */
export const RichTextInput = (props: RichTextInputProps) => (
  <Suspense fallback={<Skeleton variant="rectangular" height={200} />}>
    <LazyRichTextInput {...props} />
  </Suspense>
);

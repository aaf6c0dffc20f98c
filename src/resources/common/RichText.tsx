import { lazy, Suspense } from 'react';
import Skeleton from '@mui/material/Skeleton';
import type { RichTextInputProps } from 'ra-input-rich-text';

// The editor (tiptap) is a large chunk: only the screens that edit rich text (pages, FAQs) load it.
const LazyRichTextInput = lazy(() => import('./RichTextEditor'));

/** A rich-text input (ra-input-rich-text), loaded when first shown. */
export const RichTextInput = (props: RichTextInputProps) => (
  // as tall as the editor it waits for (RichTextEditor's 300 px and its toolbar), so the form does not jump
  <Suspense fallback={<Skeleton variant="rectangular" height={360} />}>
    <LazyRichTextInput {...props} />
  </Suspense>
);

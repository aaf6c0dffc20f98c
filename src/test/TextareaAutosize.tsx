/**
 * MUI's TextareaAutosize (a multiline text input's textarea) in the console tests: the textarea alone,
 * `minRows` rows high. The real one measures its text on every render with getComputedStyle and a hidden
 * copy of itself; jsdom has no layout to measure, and answers getComputedStyle by matching every style
 * rule of the page against the element, which took an eighth of the module screens' time. Mapped in
 * jest.config.ts for MUI's own import of it (InputBase).
 */
import { forwardRef, type TextareaHTMLAttributes } from 'react';

type Props = TextareaHTMLAttributes<HTMLTextAreaElement> & { minRows?: number | string; maxRows?: number | string };

const TextareaAutosize = forwardRef<HTMLTextAreaElement, Props>(function TextareaAutosize({ minRows = 1, maxRows: _maxRows, ...props }, ref) {
  return <textarea ref={ref} rows={Number(minRows)} {...props} />;
});

export default TextareaAutosize;

import Box from '@mui/material/Box';
import { useRecordContext } from 'react-admin';
import { requiredRule } from './inputs';

/** The text of stored rich text, without its markup (an inert document: nothing in it loads or runs). */
export const plainText = (html: unknown): string => {
  if (typeof html !== 'string') return '';
  // a space after each block and line break, so that "<p>One.</p><p>Two.</p>" reads "One. Two."
  const spaced = html.replace(/<\/(p|li|h[1-6]|blockquote|pre)>|<br\s*\/?>/gi, '$& ');
  return (new DOMParser().parseFromString(spaced, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
};

/** The spec's cut for a description: 100 characters and an ellipsis. */
export const excerpt = (html: unknown, length = 100): string => {
  const text = plainText(html);
  return text.length > length ? `${text.slice(0, length).trimEnd()}…` : text;
};

/** A list cell: the first 100 characters of a rich-text field's text. */
export const ExcerptField = ({ source }: { source: string; label?: string }) => {
  const record = useRecordContext();
  return <>{excerpt(record?.[source])}</>;
};

/** Rich text is required: an editor left empty still sends "<p></p>". */
export const richTextRequired = (message: string) => requiredRule((value: unknown) => (plainText(value) ? undefined : message));

/**
 * A rich-text field shown as HTML on a record's page. The server stored it through its allowlist
 * (services/richText.ts) and react-admin's RichTextField runs DOMPurify over it again.
 */
export const richTextSx = { '& p': { my: 1 }, '& blockquote': { borderInlineStart: 3, borderColor: 'divider', m: 0, paddingInlineStart: 2 }, '& pre': { overflowX: 'auto' } } as const;

export const RichTextBox = ({ children }: { children: React.ReactNode }) => <Box sx={richTextSx}>{children}</Box>;

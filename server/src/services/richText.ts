import sanitizeHtml from 'sanitize-html';

/**
 * The allowlist for rich text (pages, FAQs) that the landing site and the apps render as HTML: the
 * editor's formatting and links, nothing that runs. Everything else is dropped (script, style, iframe,
 * object and embed with their content; other tags keep their text), every attribute but a link's
 * href, and any href that is not http, https or mailto (javascript:, data:, entity-encoded or not:
 * sanitize-html decodes before it checks). Links open without handing the page a window.opener.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'h1', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'a', 'blockquote', 'code', 'pre'],
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'title', 'template', 'xmp', 'noembed', 'noframes'],
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...(attribs.href ? { href: attribs.href } : {}), rel: 'noopener noreferrer' } }),
  },
};

/** Rich text reduced to the allowlist above. */
export const sanitizeRichText = (html: string): string => sanitizeHtml(html, OPTIONS);

/** Whether sanitised rich text says anything (an editor left empty sends "<p></p>" or "<p><br></p>"). */
export const hasText = (html: string): boolean => /\S/.test(sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;/g, ' '));

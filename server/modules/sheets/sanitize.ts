import sanitizeHtml from 'sanitize-html';

/**
 * The tags a sheet's rich text may hold: what the editor (Tiptap's starter kit) writes, and what the
 * PDF and DOCX exports know how to print. Everything else is dropped, scripts and styles with their
 * contents; a link keeps only an http(s) or mailto address.
 */
export const SHEET_TAGS = ['p', 'br', 'h1', 'h2', 'h3', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'hr', 'a', 'code', 'pre'];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: SHEET_TAGS,
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

/** The HTML as the server keeps it: only the allowed tags and attributes. */
export const sanitizeSheetHtml = (html: string) => sanitizeHtml(html, OPTIONS).trim();

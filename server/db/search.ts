/** `%text%` for ILIKE, with the user's `%`, `_` and `\` taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Whether no case mapping touches any character of `text` (Thai, digits, ASCII punctuation, spaces). */
export const isUncased = (text: string) => /^[\u0E00-\u0E7F\s!-@[-`{-~]*$/.test(text);

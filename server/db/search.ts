/** `%text%` for ILIKE, with the user's `%`, `_` and `\` taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Whether no case mapping touches any character of `text` (Thai, digits, ASCII punctuation, spaces). */
export const isUncased = (text: string) => /^[\u0E00-\u0E7F\s!-@[-`{-~]*$/.test(text);

/**
 * "one of `texts` contains `search`" (case-insensitive for Latin), its parameter pushed onto `params`:
 * exactly what ILIKE '%search%' finds, decided by `strpos` (several times cheaper than ILIKE on Thai; over
 * lower-cased text only when the term has cased letters). A term of 4 characters or more is first narrowed
 * by `grams`, an indexed expression of 0007_risk_search.sql's keys over those texts (risk_name_grams).
 */
export function containsSearch(params: unknown[], search: string, texts: readonly string[], grams?: string): string {
  const term = `$${params.push(search)}::text`;
  const uncased = isUncased(search);
  const match = `(${texts.map((t) => (uncased ? `strpos(${t}, ${term}) > 0` : `strpos(lower(${t}), lower(${term})) > 0`)).join(' or ')})`;
  if (!grams || [...search].length < 4) return match;
  return `${grams} @> risk_search_grams(${term}) and ${match}`;
}

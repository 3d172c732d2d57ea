/** `%text%` for ILIKE, with the user's `%`, `_` and `\` taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Whether no case mapping touches any character of `text` (Thai, digits, ASCII punctuation, spaces). */
export const isUncased = (text: string) => /^[\u0E00-\u0E7F\s!-@[-`{-~]*$/.test(text);

/** The indexed expressions that narrow a search before its substring check (see `containsSearch`). */
export interface SearchIndexes {
  /** keys of 0007's 4- and 8-character runs over the texts (risk_name_grams): terms of 4 characters or more */
  grams: string;
  /** keys of 0065's 1- to 3-character runs over the texts (search_short_keys): shorter terms */
  short?: string;
}

/**
 * A term with cased letters is looked for in the lower-cased text, which costs a lower-casing of every
 * text checked (Thai text is long in bytes). Its first ASCII letter (not i or k), in either case, must be
 * in the text first: most Thai texts have none, so most rows are turned away by two cheap `strpos` (a CASE, so the
 * planner cannot put the costly check first). Returns the check of one text; the letters are parameters
 * pushed onto `params` once.
 */
function casedMatch(params: unknown[], term: string, search: string): (text: string) => string {
  const found = (text: string) => `strpos(lower(${text}), lower(${term})) > 0`;
  // an ASCII letter other than i and k: the database's lower() turns no other character into one of these
  // (it turns İ into i and the Kelvin sign into k, which a text could hold instead of the letter)
  const letter = [...search].find((c) => /^[a-hj-z]$/i.test(c) && !/^k$/i.test(c));
  if (!letter) return found;
  const lower = `$${params.push(letter.toLowerCase())}::text`;
  const upper = `$${params.push(letter.toUpperCase())}::text`;
  return (text) => `case when strpos(${text}, ${lower}) > 0 or strpos(${text}, ${upper}) > 0 then ${found(text)} else false end`;
}

/** A search's two conditions: `narrow`, the indexed keys that let the index find candidates (absent when no index serves the term), and `match`, the exact substring check of every candidate. */
export interface SearchParts {
  narrow?: string;
  match: string;
}

/**
 * "one of `texts` contains `search`" (case-insensitive for Latin), its parameter pushed onto `params`:
 * exactly what ILIKE '%search%' finds, decided by `strpos` (several times cheaper than ILIKE on Thai; over
 * lower-cased text only when the term has cased letters). A term of 4 characters or more is narrowed by
 * `indexes.grams`, a shorter one by `indexes.short` (its one key, the whole lower-cased term).
 */
export function searchParts(params: unknown[], search: string, texts: readonly string[], indexes?: SearchIndexes): SearchParts {
  const term = `$${params.push(search)}::text`;
  const check = isUncased(search) ? (text: string) => `strpos(${text}, ${term}) > 0` : casedMatch(params, term, search);
  const match = `(${texts.map(check).join(' or ')})`;
  if ([...search].length >= 4 && indexes) return { narrow: `${indexes.grams} @> risk_search_grams(${term})`, match };
  if (indexes?.short) return { narrow: `${indexes.short} @> array[hashtext(lower(${term}))]`, match };
  return { match };
}

/** `searchParts` as one condition (the index narrows, the substring decides). */
export function containsSearch(params: unknown[], search: string, texts: readonly string[], indexes?: SearchIndexes): string {
  const { narrow, match } = searchParts(params, search, texts, indexes);
  return narrow ? `${narrow} and ${match}` : match;
}

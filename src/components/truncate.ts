const segmenter = new Intl.Segmenter('th', { granularity: 'grapheme' });

/** Cuts text to `max` user-perceived characters: a Thai vowel or tone mark is never split from its consonant. */
export function truncateGraphemes(text: string, max: number): string {
  const graphemes = Array.from(segmenter.segment(text), (s) => s.segment);
  return graphemes.length <= max ? text : `${graphemes.slice(0, max).join('')}…`;
}

/** A timestamp column (a Date from pg, a Date or text from PGlite) as the ISO text replies carry. */
export const iso = (at: Date | string) => new Date(at).toISOString();

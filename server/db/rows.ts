/** A timestamp column (a Date from pg, a Date or text from PGlite) as the ISO text replies carry. */
export const iso = (at: Date | string) => new Date(at).toISOString();

/** Today in Bangkok, in SQL: the day every clock of the product counts in. */
export const BANGKOK_TODAY = `(now() at time zone 'Asia/Bangkok')::date`;

/** A person's name in SQL (users under the alias `u`): first and last name, else the username. */
export const userNameSql = (u: string | null) => `coalesce(nullif(trim(${u}.firstname || ' ' || ${u}.lastname), ''), ${u}.username)`;

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from './client';
import { migrate } from './migrate';
import { testDatabases } from './testDatabases';

const databases = testDatabases('pdpa_migrate', { poolSize: 2 });

/** A migrations folder holding `files` (name -> SQL). */
function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdpa-migrations-'));
  for (const [name, sql] of Object.entries(files)) writeFileSync(join(dir, name), sql);
  return dir;
}

/** A PL/pgSQL body under a `$fn$` tag, with semicolons inside, a `$$` in a string and comments. */
const FUNCTION_MIGRATION = `
-- notes; and a function that counts them
create table notes (id int primary key, body text not null);

create function add_note(n int, b text) returns int language plpgsql as $fn$
declare
  total int; -- a comment ending in a semicolon;
begin
  insert into notes values (n, b || ';');
  select count(*) into total from notes;
  return total;
end;
$fn$;

create function shout(t text) returns text language sql immutable as $body$ select upper(t) || '$$;' $body$;

select add_note(1, 'first; second');
`;

describe.each(databases)('migrate on $name', (database) => {
  const cleanup: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const fn of cleanup.splice(0).reverse()) await fn();
  });
  const open = async () => {
    const { db, drop } = await database.open();
    cleanup.push(drop, () => db.close());
    return db;
  };
  const dir = (files: Record<string, string>) => {
    const path = folder(files);
    cleanup.push(() => rmSync(path, { recursive: true, force: true }));
    return path;
  };
  const applied = async (db: Db) => (await db.query<{ name: string }>('select name from schema_migrations order by name')).map((r) => r.name);
  const exists = async (db: Db, table: string) =>
    (await db.query<{ found: boolean }>('select to_regclass($1) is not null as found', [table]))[0].found;

  it('runs a whole file: a $fn$ body with semicolons inside lands as written', async () => {
    const db = await open();
    const migrations = dir({ '0001_notes.sql': FUNCTION_MIGRATION });
    expect(await migrate(db, migrations)).toEqual(['0001_notes.sql']);
    expect(await db.query('select id, body from notes')).toEqual([{ id: 1, body: 'first; second;' }]);
    expect(await db.query(`select add_note(2, 'x') as total`)).toEqual([{ total: 2 }]);
    expect(await db.query(`select shout('ok') as said`)).toEqual([{ said: 'OK$$;' }]);
    // applied once: a second run has nothing to do
    expect(await migrate(db, migrations)).toEqual([]);
    expect(await applied(db)).toEqual(['0001_notes.sql']);
  });

  it('leaves nothing of a run behind when a file fails part-way', async () => {
    const db = await open();
    const good = 'create table kept (id int primary key);\ninsert into kept values (1);\n';
    const failing = `create table half (id int primary key);
insert into half values (1);
create function broken() returns int language plpgsql as $fn$ begin return 1; end; $fn$;
insert into no_such_table values (1);
create table after_the_error (id int);
`;
    const migrations = dir({ '0001_kept.sql': good, '0002_half.sql': failing });
    await expect(migrate(db, migrations)).rejects.toThrow(/no_such_table/);
    expect(await exists(db, 'kept')).toBe(false);
    expect(await exists(db, 'half')).toBe(false);
    expect(await exists(db, 'after_the_error')).toBe(false);
    expect(await db.query(`select to_regprocedure('broken()') is null as gone`)).toEqual([{ gone: true }]);
    expect(await applied(db)).toEqual([]);

    // the file put right, the next start applies both
    writeFileSync(join(migrations, '0002_half.sql'), failing.replace('insert into no_such_table values (1);\n', ''));
    expect(await migrate(db, migrations)).toEqual(['0001_kept.sql', '0002_half.sql']);
    expect(await db.query('select (select count(*)::int from kept) as kept, (select count(*)::int from half) as half')).toEqual([
      { kept: 1, half: 1 },
    ]);
  });

  it('applies the product migrations on top of an earlier run without repeating it', async () => {
    const db = await open();
    const first = await migrate(db);
    expect(first.length).toBeGreaterThan(0);
    expect(await applied(db)).toEqual([...first].sort());
    expect(await migrate(db)).toEqual([]);
  });
});

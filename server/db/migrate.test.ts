import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from './client';
import { migrate, RENAMED_MIGRATIONS } from './migrate';
import { testDatabases } from './testDatabases';

const PRODUCT_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const productFiles = () =>
  readdirSync(PRODUCT_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();

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

  it("finds a database migrated under the files' old names up to date: nothing runs again", async () => {
    const db = await open();
    const oldName = Object.fromEntries(Object.entries(RENAMED_MIGRATIONS).map(([old, now]) => [now, old]));
    const before = dir({});
    for (const file of productFiles()) copyFileSync(join(PRODUCT_DIR, file), join(before, oldName[file] ?? file));
    await migrate(db, before);
    expect(await applied(db)).toContain('0021_ropa2_sme.sql');

    expect(await migrate(db)).toEqual([]);
    expect(await applied(db)).toEqual(productFiles());
  });

  it('renames only to files that exist, from names that no longer do', () => {
    const files = productFiles();
    for (const [old, now] of Object.entries(RENAMED_MIGRATIONS)) {
      expect(files).toContain(now);
      expect(files).not.toContain(old);
    }
  });

  it('renames a recorded name: the file under its new name is not run again', async () => {
    const db = await open();
    await migrate(db, dir({ '0001_tag_notes.sql': 'create table notes (id int primary key);\n' }));
    const renamed = { '0001_tag_notes.sql': '0001_notes.sql' };
    const now = dir({ '0001_notes.sql': 'create table notes (id int primary key);\n', '0002_more.sql': 'create table more (id int);\n' });
    expect(await migrate(db, now, renamed)).toEqual(['0002_more.sql']);
    expect(await applied(db)).toEqual(['0001_notes.sql', '0002_more.sql']);
  });
});

import type { Db } from '../db/client';
import type { Actor } from './actorDb';

/** One read of personal data: who, from where, which records of which kind, through which call. */
export interface PersonalDataRead {
  actor: Actor;
  entity: string;
  recordIds: string[];
  route: string;
}

interface Entry {
  company_id: string;
  user_id: string | null;
  username: string;
  read_at: string;
  entity: string;
  record_ids: string[];
  route: string;
  ip: string;
}

/** A batch is written at most this long after its first read… */
const FLUSH_MS = 1000;
/** …or as soon as it holds this many reads. */
const FLUSH_ROWS = 500;
/** What a process keeps while the database refuses its writes; past it, the oldest reads are dropped (and said so). */
const MAX_PENDING = 20_000;

/**
 * The reads of one process, written in batches (one multi-row insert a second at most): the read path
 * pays a push onto an array, never a round trip. Flushed when the app closes; a failed batch is kept
 * for the next one.
 */
export class ReadLog {
  private pending: Entry[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly onError: (error: unknown) => void,
  ) {}

  add(read: PersonalDataRead) {
    if (!read.actor.companyId || !read.recordIds.length) return;
    this.pending.push({
      company_id: read.actor.companyId,
      user_id: read.actor.userId,
      username: read.actor.username ?? '',
      read_at: new Date().toISOString(),
      entity: read.entity,
      record_ids: [...new Set(read.recordIds)],
      route: read.route,
      // a client gone before its reply may leave no address: the read is still kept
      ip: read.actor.ip ?? '',
    });
    if (this.pending.length >= FLUSH_ROWS) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS).unref();
  }

  /** Writes what is pending (after any write under way); resolves when it is stored or kept for later. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.writing = this.writing.then(() => this.write());
    return this.writing;
  }

  private async write() {
    const batch = this.pending;
    if (!batch.length) return;
    this.pending = [];
    try {
      await this.db.query(
        `insert into personal_data_reads (company_id, user_id, username, read_at, entity, record_ids, route, ip)
         select r.company_id, r.user_id, r.username, r.read_at, r.entity, array(select jsonb_array_elements_text(r.record_ids)), r.route, r.ip
           from jsonb_to_recordset($1::jsonb) as r(company_id uuid, user_id uuid, username text, read_at timestamptz, entity text,
                                                   record_ids jsonb, route text, ip text)`,
        [JSON.stringify(batch)],
      );
    } catch (error) {
      this.onError(error);
      // a row the database refuses for what it holds (SQLSTATE classes 22, 23) would be refused again and
      // hold back every later batch: that batch goes; an unreachable database keeps it for the next
      const code = String((error as { code?: unknown }).code ?? '');
      if (code.startsWith('22') || code.startsWith('23')) return;
      const kept = [...batch, ...this.pending];
      if (kept.length > MAX_PENDING) this.onError(new Error(`read log: ${kept.length - MAX_PENDING} reads dropped, the database refused them`));
      this.pending = kept.slice(-MAX_PENDING);
      this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS * 5).unref();
    }
  }
}

const logs = new WeakMap<Db, ReadLog>();

/** The process's read log of a database (one per `Db`; the first caller's `onError` is the one it keeps: the app's log). */
export function readLogOf(db: Db, onError: (error: unknown) => void = (e) => console.error(e)): ReadLog {
  let log = logs.get(db);
  if (!log) {
    log = new ReadLog(db, onError);
    logs.set(db, log);
  }
  return log;
}

/** Writes every pending read of the database now (the app's close, and tests that read the log at once). */
export const flushReadLog = (db: Db) => logs.get(db)?.flush() ?? Promise.resolve();

/** The ids of the rows a list's reply holds under `key` (`requestList`, `consentlist`): for a list route's `personalData.ids`. */
export const idsOfList =
  (key: string) =>
  ({ result }: { result: Record<string, unknown> | undefined }) =>
    ((result?.[key] as { _id?: string; id?: string }[] | undefined) ?? []).map((r) => r._id ?? r.id);

/** Keeps a read a route learns only as it answers (the rows of a CSV it streams): the same log `personalData` writes. */
export function keepRead(db: Db, actor: Actor, entity: string, recordIds: string[], route: string) {
  readLogOf(db).add({ actor, entity, recordIds, route });
}

// Applying schema migrations, for the station's database (src-main/store/database.ts) and the sandbox's
// (src-sandbox/store/migrations.ts): each keeps its own list and its own ledger table; the rule is here.
// Every migration not applied yet runs once, in ascending version order, with its ledger record; all of a start's
// pending migrations run in ONE transaction, so a failing migration leaves nothing of that start's run applied, and
// the run goes again on the next start. One transaction is one commit (one sync to disk under synchronous=FULL) where
// a fresh data folder made one per migration (docs/architecture.md, "Start-up").

/** One schema step. Versions are positive integers, unique within a list. */
export interface Migration {
  version: number;
  sql: string;
}

/** What the runner needs of a database (better-sqlite3's Database has it). */
export interface MigrationTarget {
  exec(sql: string): unknown;
  /** Wraps `fn` so that calling the result runs it in one transaction (rolled back when it throws). */
  transaction(fn: () => void): () => void;
}

/** Where a database records the migrations it has. */
export interface MigrationLedger<M extends Migration = Migration> {
  /** The versions applied so far (creating the ledger when there is none yet). */
  applied(): Iterable<number>;
  /** Records `migration` as applied; called inside that migration's transaction. */
  record(migration: M, appliedAt: string): void;
}

/**
 * Applies the migrations the ledger does not have yet and returns their versions, in the order applied.
 * `name` says whose list it is in error messages (a refused list applies nothing).
 */
export function runMigrations<M extends Migration>(
  db: MigrationTarget,
  migrations: readonly M[],
  ledger: MigrationLedger<M>,
  options: { name?: string; now?: () => Date } = {},
): number[] {
  const name = options.name ?? 'schema';
  const seen = new Set<number>();
  for (const m of migrations) {
    if (!Number.isInteger(m.version) || m.version < 1) throw new Error(`Migration ${name}#${m.version}: the version must be a positive integer.`);
    if (seen.has(m.version)) throw new Error(`Migration ${name}#${m.version} is listed twice; give each migration its own version.`);
    seen.add(m.version);
  }
  const applied = new Set(ledger.applied());
  const pending = [...migrations].sort((a, b) => a.version - b.version).filter((m) => !applied.has(m.version));
  if (pending.length === 0) return [];
  db.transaction(() => {
    for (const m of pending) {
      db.exec(m.sql);
      ledger.record(m, (options.now?.() ?? new Date()).toISOString());
    }
  })();
  return pending.map((m) => m.version);
}

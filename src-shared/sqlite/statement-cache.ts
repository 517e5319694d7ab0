// Reuse of compiled SQL statements, for the station's and the sandbox's better-sqlite3 databases
// (no import: it works on any object with a `prepare(sql)`).
//
// The station's store asks `statement(db, sql)` (src-main/store/database.ts); the sandbox's store patches its
// `db.prepare`. Both prepare at the point of use. Without a cache, importing 10,000 Labels compiled tens
// of thousands of statements whose native memory stayed until V8 happened to collect their
// wrappers (peak RSS +100 MB, and 4× slower). A statement's mode (pluck, raw, expand) is shared
// by every user of the same SQL text, so callers must not change it; none does.

interface Preparer<S> {
  prepare(sql: string): S;
}

/** A `prepare` that returns the same compiled statement for the same SQL text (least recently used dropped beyond `size`). */
export function statementCache<S>(prepare: (sql: string) => S, size = 256): (sql: string) => S {
  const cache = new Map<string, S>();
  return (sql: string): S => {
    let statement = cache.get(sql);
    if (statement === undefined) {
      statement = prepare(sql);
      if (cache.size >= size) cache.delete(cache.keys().next().value as string);
    } else {
      // Most recently used last.
      cache.delete(sql);
    }
    cache.set(sql, statement);
    return statement;
  };
}

/** Makes `db.prepare` itself cached (the sandbox's store, which prepares at the point of use). */
export function cachePreparedStatements<S, D extends Preparer<S>>(db: D, size = 256): D {
  db.prepare = statementCache(db.prepare.bind(db), size);
  return db;
}

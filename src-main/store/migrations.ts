export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/**
 * Versioned schema changes, applied in order and never edited once released:
 * a change to the schema is a new entry at the end.
 */
export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'settings and outbox',
    sql: `
      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
      CREATE TABLE outbox (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('pending','sending','done','attention','discarded')),
        payload TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX outbox_state ON outbox(state);
    `,
  },
];

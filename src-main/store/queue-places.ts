import { statement, type Db } from './database';

// What a queued operation is about, by name (docs/sync.md, "What the operator sees"): the Reel's name and the
// Label's position now (a repositioned Label shows where it is), or the Label Collection's name.

/** The Reel and position of a Label, as this station holds them; undefined for a Label it does not have. */
export function labelPlace(db: Db, labelId: string): { reelId: string; reelName: string; position: number } | undefined {
  const row = statement(db, 'SELECT l.reel_id, r.name, l.position FROM labels l JOIN reels r ON r.reel_id = l.reel_id WHERE l.label_id = ?').get(labelId) as
    { reel_id: string; name: string; position: number } | undefined;
  return row ? { reelId: row.reel_id, reelName: row.name, position: row.position } : undefined;
}

/** A Reel's name, or undefined. */
export function reelName(db: Db, reelId: string): string | undefined {
  return (statement(db, 'SELECT name FROM reels WHERE reel_id = ?').get(reelId) as { name: string } | undefined)?.name;
}

/** A Label Collection's name, or undefined. */
export function collectionName(db: Db, collectionId: string): string | undefined {
  return (statement(db, 'SELECT name FROM label_collections WHERE collection_id = ?').get(collectionId) as { name: string } | undefined)?.name;
}

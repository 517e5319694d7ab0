// The row types of rows.ts against the schema the migrations build: one interface per table, naming exactly its
// columns, with `| null` exactly where the column may be NULL. Hand-written row types drifted before (a copy
// lacked bundle_id and created_by_id); this fails the commit that adds a column without its field.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSandboxDb } from './db';
import { ensureOpticalSchema } from './optical-schema';

const TABLE_ROW: Record<string, string> = {
  settings: 'SettingRow',
  organizations: 'OrganizationRow',
  teams: 'TeamRow',
  service_accounts: 'ServiceAccountRow',
  team_memberships: 'TeamMembershipRow',
  threads: 'ThreadRow',
  thread_shares: 'ThreadShareRow',
  thread_fields: 'ThreadFieldRow',
  thread_events: 'ThreadEventRow',
  collections: 'CollectionRow',
  composite_tags: 'LabelRow',
  reel_counts: 'ReelCountRow',
  tags: 'TagRow',
  scans: 'ScanRow',
  jobs: 'JobRow',
  faults: 'FaultRow',
  schema_versions: 'SchemaVersionRow',
  optical_fingerprints: 'OpticalFingerprintRow',
  optical_index: 'OpticalIndexRow',
  optical_scan_images: 'OpticalScanImageRow',
  optical_unreachable_teams: 'OpticalUnreachableTeamRow',
};

/** interface name → field name → whether its type admits null, read from rows.ts. */
function rowTypes(): Map<string, Map<string, boolean>> {
  const text = readFileSync(join(__dirname, 'rows.ts'), 'utf8');
  const types = new Map<string, Map<string, boolean>>();
  for (const [, name = '', body = ''] of text.matchAll(/^export interface (\w+) \{\n([\s\S]*?)^\}/gm)) {
    const fields = new Map<string, boolean>();
    for (const [, field = '', type = ''] of body.matchAll(/^ {2}(\w+): ([^;]+);/gm)) fields.set(field, /\bnull\b/.test(type));
    types.set(name, fields);
  }
  return types;
}

/** table → column → whether it may be NULL, from the migrated database. */
function schema(): Map<string, Map<string, boolean>> {
  const db = openSandboxDb(':memory:');
  ensureOpticalSchema(db);
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[];
  const columns = new Map<string, Map<string, boolean>>();
  for (const { name } of tables) {
    const info = db.prepare(`PRAGMA table_info(${name})`).all() as { name: string; notnull: number; pk: number }[];
    columns.set(name, new Map(info.map((c) => [c.name, c.notnull === 0 && c.pk === 0])));
  }
  db.close();
  return columns;
}

describe('row types', () => {
  const types = rowTypes();
  const tables = schema();

  it('has a row type for every table the migrations make, and no other', () => {
    expect([...tables.keys()].sort()).toEqual(Object.keys(TABLE_ROW).sort());
  });

  it.each(Object.entries(TABLE_ROW))('%s: %s names every column, nullable exactly where the column is', (table, row) => {
    const columns = tables.get(table);
    const fields = types.get(row);
    expect(fields, `${row} in rows.ts`).toBeDefined();
    expect(Object.fromEntries(fields ?? [])).toEqual(Object.fromEntries(columns ?? []));
  });

  it('is written once: no other file of the sandbox declares a row interface', () => {
    const root = join(__dirname, '..');
    const others: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.ts') && path !== join(__dirname, 'rows.ts')) {
          for (const [declaration] of readFileSync(path, 'utf8').matchAll(/^(?:export )?interface \w+Row\b/gm)) others.push(`${path}: ${declaration}`);
        }
      }
    };
    walk(root);
    expect(others).toEqual([]);
  });
});

import type { Migration } from '../../src-shared/domain/migrations';

/** Whether the Label `id` has an active SVC member and no active SVC member that is verify-only. */
const SVC_IDENTIFIABLE = (id: string): string =>
  `(EXISTS (SELECT 1 FROM tags t WHERE t.composite_tag_id = ${id} AND t.tag_type = 'SVC' AND t.archived_at IS NULL)
    AND NOT EXISTS (SELECT 1 FROM tags t WHERE t.composite_tag_id = ${id} AND t.tag_type = 'SVC' AND t.archived_at IS NULL AND t.identifiable = 0))`;

/** Adds (`+`) or takes away (`-`) one Label row (`NEW` or `OLD`) from its Reel's counts. */
const COUNT = (row: 'NEW' | 'OLD', sign: '+' | '-'): string => `INSERT INTO reel_counts (reel_id) VALUES (${row}.reel_id) ON CONFLICT (reel_id) DO NOTHING;
  UPDATE reel_counts SET label_count = label_count ${sign} 1,
    active_count = active_count ${sign} (${row}.archived_at IS NULL),
    bound_count = bound_count ${sign} (${row}.bound_thread_id IS NOT NULL),
    archived_count = archived_count ${sign} (${row}.archived_at IS NOT NULL),
    transferred_count = transferred_count ${sign} (${row}.transferred_at IS NOT NULL),
    identifiable_count = identifiable_count ${sign} ${row}.svc_identifiable
  WHERE reel_id = ${row}.reel_id;`;

/** Recomputes svc_identifiable of the Label a tag row (`NEW` or `OLD`) belongs to, when it belongs to one. */
const IDENTIFIABLE_OF = (row: 'NEW' | 'OLD'): string =>
  `UPDATE composite_tags SET svc_identifiable = ${SVC_IDENTIFIABLE(`${row}.composite_tag_id`)}
    WHERE composite_tag_id = ${row}.composite_tag_id AND svc_identifiable IS NOT ${SVC_IDENTIFIABLE(`${row}.composite_tag_id`)};`;

/**
 * The shared data model of the sandbox (area `core`). All tables live here, including those the label
 * and optical areas fill, so every area agrees on one shape; areas add their own tables or indexes with
 * registerMigrations(db, '<area>', ...). Timestamps are ISO 8601 TEXT, booleans INTEGER 0/1, JSON as TEXT.
 * See README.md beside this file.
 */
export const CORE_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    sql: `
CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE organizations (
  org_id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  slug TEXT NOT NULL,
  root_team_id TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE teams (
  team_id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organizations(org_id),
  name TEXT NOT NULL,
  is_root INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE INDEX teams_by_org ON teams(org_id);

CREATE TABLE service_accounts (
  service_account_id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organizations(org_id),
  name TEXT NOT NULL,
  api_key_hash TEXT NOT NULL UNIQUE,
  org_admin INTEGER NOT NULL DEFAULT 0,
  attribution_required INTEGER NOT NULL DEFAULT 0,
  revoked_at TEXT,
  created_at TEXT NOT NULL
);

CREATE TABLE team_memberships (
  team_id TEXT NOT NULL REFERENCES teams(team_id),
  service_account_id TEXT NOT NULL REFERENCES service_accounts(service_account_id),
  role TEXT NOT NULL CHECK (role IN ('member', 'admin')),
  PRIMARY KEY (team_id, service_account_id)
);
CREATE INDEX memberships_by_account ON team_memberships(service_account_id);

CREATE TABLE threads (
  thread_id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organizations(org_id),
  owner_team_id TEXT NOT NULL REFERENCES teams(team_id),
  name TEXT NOT NULL,
  description TEXT,
  kind TEXT,
  labels TEXT NOT NULL DEFAULT 'null',
  lifecycle_status TEXT NOT NULL DEFAULT 'active',
  created_by_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  archived_at TEXT,
  processing_locked_at TEXT,
  processing_operation_id TEXT,
  template_id TEXT,
  bundle_id TEXT,
  thumbnail_id TEXT,
  transfer_id TEXT,
  transferred_at TEXT
);
CREATE INDEX threads_by_owner ON threads(owner_team_id, created_at, thread_id);

CREATE TABLE thread_shares (
  thread_id TEXT NOT NULL REFERENCES threads(thread_id),
  team_id TEXT NOT NULL REFERENCES teams(team_id),
  shared_at TEXT NOT NULL,
  PRIMARY KEY (thread_id, team_id)
);
CREATE INDEX thread_shares_by_team ON thread_shares(team_id);

CREATE TABLE thread_fields (
  field_id TEXT PRIMARY KEY,
  thread_id TEXT NOT NULL REFERENCES threads(thread_id),
  name TEXT NOT NULL,
  type TEXT NOT NULL,
  value TEXT NOT NULL,
  position INTEGER NOT NULL,
  archived_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX thread_fields_by_thread ON thread_fields(thread_id, position);

CREATE TABLE thread_events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  event_id TEXT NOT NULL UNIQUE,
  thread_id TEXT NOT NULL REFERENCES threads(thread_id),
  action TEXT NOT NULL,
  occurred_at TEXT NOT NULL,
  operation_id TEXT,
  actor_id TEXT,
  declared_actor TEXT,
  team_id TEXT,
  targets TEXT NOT NULL DEFAULT '[]',
  detail TEXT
);
CREATE INDEX thread_events_by_thread ON thread_events(thread_id, seq);

CREATE TABLE collections (
  collection_id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('reel', 'reel_collection')),
  org_id TEXT NOT NULL REFERENCES organizations(org_id),
  owner_team_id TEXT NOT NULL REFERENCES teams(team_id),
  name TEXT NOT NULL,
  description TEXT,
  filing_collection_id TEXT REFERENCES collections(collection_id),
  expected_identifiers TEXT NOT NULL DEFAULT '[]',
  warnings TEXT NOT NULL DEFAULT '[]',
  transferred_at TEXT,
  created_by_id TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX collections_by_team ON collections(owner_team_id, kind, created_at);
CREATE INDEX collections_by_filing ON collections(filing_collection_id);

CREATE TABLE composite_tags (
  composite_tag_id TEXT PRIMARY KEY,
  reel_id TEXT NOT NULL REFERENCES collections(collection_id),
  position INTEGER NOT NULL,
  org_id TEXT NOT NULL REFERENCES organizations(org_id),
  owner_team_id TEXT NOT NULL REFERENCES teams(team_id),
  human_readable TEXT,
  archived_at TEXT,
  bound_thread_id TEXT REFERENCES threads(thread_id),
  bound_at TEXT,
  transferred_at TEXT,
  created_by_id TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX composite_tags_by_reel ON composite_tags(reel_id, position);
CREATE INDEX composite_tags_by_thread ON composite_tags(bound_thread_id);

CREATE TABLE tags (
  tag_id TEXT PRIMARY KEY,
  tag_type TEXT NOT NULL CHECK (tag_type IN ('SVC', 'QR', 'BAR_CODE', 'DATA_MATRIX', 'NFC', 'TEXT')),
  value TEXT,
  normalized_value TEXT,
  fingerprint_id TEXT,
  thread_id TEXT REFERENCES threads(thread_id),
  composite_tag_id TEXT REFERENCES composite_tags(composite_tag_id),
  org_id TEXT NOT NULL REFERENCES organizations(org_id),
  owner_team_id TEXT NOT NULL REFERENCES teams(team_id),
  name TEXT,
  description TEXT,
  is_private INTEGER NOT NULL DEFAULT 0,
  identifiable INTEGER NOT NULL DEFAULT 0,
  archived_at TEXT,
  bound_at TEXT,
  created_by_id TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX tags_by_value ON tags(tag_type, normalized_value);
CREATE INDEX tags_by_fingerprint ON tags(fingerprint_id);
CREATE INDEX tags_by_thread ON tags(thread_id);
CREATE INDEX tags_by_label ON tags(composite_tag_id);

CREATE TABLE scans (
  scan_id TEXT PRIMARY KEY,
  fingerprint_id TEXT,
  image_sha256 TEXT,
  outcome TEXT NOT NULL,
  tag_type TEXT,
  org_id TEXT,
  team_id TEXT,
  svc_id TEXT,
  enrollment_session_id TEXT,
  detail TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX scans_by_sha ON scans(image_sha256);
CREATE INDEX scans_by_fingerprint ON scans(fingerprint_id);

CREATE TABLE jobs (
  job_id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  payload TEXT NOT NULL DEFAULT '{}',
  status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
  progress TEXT,
  error TEXT,
  org_id TEXT,
  team_id TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  finished_at TEXT
);
CREATE INDEX jobs_by_status ON jobs(status, created_at);

CREATE TABLE faults (
  fault_id TEXT PRIMARY KEY,
  path_prefix TEXT NOT NULL,
  method TEXT,
  status INTEGER NOT NULL,
  code TEXT NOT NULL,
  remaining INTEGER NOT NULL,
  retry_after INTEGER,
  created_at TEXT NOT NULL
);
`,
  },
  {
    // Per-organization feature flags (admin API): overrides of the sandbox defaults, JSON; null = defaults.
    version: 2,
    sql: `ALTER TABLE organizations ADD COLUMN feature_flags TEXT;`,
  },
  {
    // A Reel's counts kept as its Labels change, so reading them (every enrollment answers them) costs the same on a
    // Reel of 10 Labels as on one of 10,000 (src-sandbox/store/README.md, core v3). Triggers keep them, so every
    // writer (routes, jobs, moves, a test writing rows) keeps them right in the same transaction as its change.
    // composite_tags.svc_identifiable: 1 when the Label has an active SVC member and every active SVC member is
    // identifiable (spec: States, "Label DUST-type markings"), kept by the triggers on tags.
    version: 3,
    sql: `
ALTER TABLE composite_tags ADD COLUMN svc_identifiable INTEGER NOT NULL DEFAULT 0;
UPDATE composite_tags SET svc_identifiable = ${SVC_IDENTIFIABLE('composite_tags.composite_tag_id')};

CREATE TABLE reel_counts (
  reel_id TEXT PRIMARY KEY,
  label_count INTEGER NOT NULL DEFAULT 0,
  active_count INTEGER NOT NULL DEFAULT 0,
  bound_count INTEGER NOT NULL DEFAULT 0,
  archived_count INTEGER NOT NULL DEFAULT 0,
  transferred_count INTEGER NOT NULL DEFAULT 0,
  identifiable_count INTEGER NOT NULL DEFAULT 0
);
INSERT INTO reel_counts (reel_id, label_count, active_count, bound_count, archived_count, transferred_count, identifiable_count)
  SELECT reel_id, COUNT(*), SUM(archived_at IS NULL), SUM(bound_thread_id IS NOT NULL), SUM(archived_at IS NOT NULL),
    SUM(transferred_at IS NOT NULL), SUM(svc_identifiable)
  FROM composite_tags GROUP BY reel_id;

CREATE TRIGGER reel_counts_label_insert AFTER INSERT ON composite_tags BEGIN
  ${COUNT('NEW', '+')}
END;
CREATE TRIGGER reel_counts_label_delete AFTER DELETE ON composite_tags BEGIN
  ${COUNT('OLD', '-')}
END;
CREATE TRIGGER reel_counts_label_update AFTER UPDATE OF reel_id, archived_at, bound_thread_id, transferred_at, svc_identifiable ON composite_tags BEGIN
  ${COUNT('OLD', '-')}
  ${COUNT('NEW', '+')}
END;

CREATE TRIGGER label_identifiable_tag_insert AFTER INSERT ON tags WHEN NEW.composite_tag_id IS NOT NULL AND NEW.tag_type = 'SVC' BEGIN
  ${IDENTIFIABLE_OF('NEW')}
END;
CREATE TRIGGER label_identifiable_tag_delete AFTER DELETE ON tags WHEN OLD.composite_tag_id IS NOT NULL AND OLD.tag_type = 'SVC' BEGIN
  ${IDENTIFIABLE_OF('OLD')}
END;
CREATE TRIGGER label_identifiable_tag_update AFTER UPDATE OF composite_tag_id, tag_type, archived_at, identifiable ON tags
  WHEN OLD.tag_type = 'SVC' OR NEW.tag_type = 'SVC' BEGIN
  ${IDENTIFIABLE_OF('OLD')}
  ${IDENTIFIABLE_OF('NEW')}
END;
`,
  },
];

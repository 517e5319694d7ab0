// One row type per table, beside the schema (core-schema.ts, optical-schema.ts): what `SELECT *` gives.
// Every repository of this folder reads its rows as these types; a query that joins or selects a part
// says so with `Pick<>` or `&`. Conventions (README.md): ids UUID text, timestamps ISO 8601 text,
// booleans 0/1, JSON as text.
import type { TagType } from '../../src-shared/api/common';

export type TeamRole = 'member' | 'admin';

export interface SettingRow {
  key: string;
  value: string;
}

export interface OrganizationRow {
  org_id: string;
  name: string;
  slug: string;
  root_team_id: string;
  created_at: string;
  /** JSON of the flags that differ from the sandbox defaults; null = defaults (core v2). */
  feature_flags: string | null;
}

export interface TeamRow {
  team_id: string;
  org_id: string;
  name: string;
  is_root: number;
  created_at: string;
}

export interface ServiceAccountRow {
  service_account_id: string;
  org_id: string;
  name: string;
  /** sha256 hex of the API key (never the key). */
  api_key_hash: string;
  org_admin: number;
  attribution_required: number;
  revoked_at: string | null;
  created_at: string;
}

export interface TeamMembershipRow {
  team_id: string;
  service_account_id: string;
  role: TeamRole;
}

export interface ThreadRow {
  thread_id: string;
  org_id: string;
  owner_team_id: string;
  name: string;
  description: string | null;
  kind: string | null;
  /** JSON */
  labels: string;
  lifecycle_status: string;
  created_by_id: string;
  created_at: string;
  updated_at: string;
  archived_at: string | null;
  processing_locked_at: string | null;
  processing_operation_id: string | null;
  template_id: string | null;
  bundle_id: string | null;
  thumbnail_id: string | null;
  transfer_id: string | null;
  transferred_at: string | null;
}

export interface ThreadShareRow {
  thread_id: string;
  team_id: string;
  shared_at: string;
}

export interface ThreadFieldRow {
  field_id: string;
  thread_id: string;
  name: string;
  type: string;
  /** JSON object */
  value: string;
  position: number;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ThreadEventRow {
  seq: number;
  event_id: string;
  thread_id: string;
  action: string;
  occurred_at: string;
  operation_id: string | null;
  actor_id: string | null;
  declared_actor: string | null;
  team_id: string | null;
  /** JSON `[{kind, id}]`, the Thread first */
  targets: string;
  /** JSON or null */
  detail: string | null;
}

/** Reels (`kind = 'reel'`) and Label Collections (`'reel_collection'`). */
export interface CollectionRow {
  collection_id: string;
  kind: 'reel' | 'reel_collection';
  org_id: string;
  owner_team_id: string;
  name: string;
  description: string | null;
  filing_collection_id: string | null;
  /** JSON `[{tagType, count}]` */
  expected_identifiers: string;
  /** JSON */
  warnings: string;
  transferred_at: string | null;
  created_by_id: string | null;
  created_at: string;
  updated_at: string;
}

/** A Label (the `composite_tags` table). */
export interface LabelRow {
  composite_tag_id: string;
  reel_id: string;
  position: number;
  org_id: string;
  owner_team_id: string;
  human_readable: string | null;
  archived_at: string | null;
  bound_thread_id: string | null;
  bound_at: string | null;
  transferred_at: string | null;
  created_by_id: string | null;
  created_at: string;
  updated_at: string;
  /** 1 when the Label has an active SVC member and every active SVC member is identifiable; kept by triggers (core v3). */
  svc_identifiable: number;
}

/** A Reel's counts (the `reel_counts` table, core v3): kept by triggers on composite_tags; no row = no Label yet. */
export interface ReelCountRow {
  reel_id: string;
  label_count: number;
  active_count: number;
  bound_count: number;
  archived_count: number;
  transferred_count: number;
  identifiable_count: number;
}

/** An identifier (the `tags` table). */
export interface TagRow {
  tag_id: string;
  tag_type: TagType;
  value: string | null;
  normalized_value: string | null;
  fingerprint_id: string | null;
  thread_id: string | null;
  composite_tag_id: string | null;
  org_id: string;
  owner_team_id: string;
  name: string | null;
  description: string | null;
  is_private: number;
  identifiable: number;
  archived_at: string | null;
  bound_at: string | null;
  created_by_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface ScanRow {
  scan_id: string;
  fingerprint_id: string | null;
  image_sha256: string | null;
  /** ScanOutcome (scans.ts) */
  outcome: string;
  tag_type: string | null;
  org_id: string | null;
  team_id: string | null;
  svc_id: string | null;
  enrollment_session_id: string | null;
  /** JSON or null */
  detail: string | null;
  created_at: string;
}

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface JobRow {
  job_id: string;
  kind: string;
  /** JSON */
  payload: string;
  status: JobStatus;
  /** JSON or null */
  progress: string | null;
  error: string | null;
  org_id: string | null;
  team_id: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

export interface FaultRow {
  fault_id: string;
  path_prefix: string;
  method: string | null;
  status: number;
  code: string;
  remaining: number;
  retry_after: number | null;
  created_at: string;
}

export interface SchemaVersionRow {
  area: string;
  version: number;
  applied_at: string;
}

// Area `optical` (optical-schema.ts).

export interface OpticalFingerprintRow {
  fp_row: number;
  fingerprint_id: string;
  bits: Buffer;
  keypoints: number;
  org_id: string | null;
  team_id: string | null;
  scan_id: string | null;
  created_at: string;
}

export interface OpticalIndexRow {
  band_key: number;
  fp_row: number;
}

export interface OpticalScanImageRow {
  scan_id: string;
  bytes: Buffer;
}

export interface OpticalUnreachableTeamRow {
  team_id: string;
  created_at: string;
}

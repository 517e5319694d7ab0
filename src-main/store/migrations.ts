import type { Migration as SchemaStep } from '../../src-shared/domain/migrations';

/** A station migration: a schema step (src-shared/domain/migrations.ts) with a name for the ledger. */
export interface Migration extends SchemaStep {
  name: string;
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
  {
    version: 2,
    name: 'profiles, reels, labels, captures, outbox with attempts, audit log',
    // The outbox of migration 1 never held operations (nothing wrote it), so it is replaced
    // with the shape the sync engine needs: dependencies, an outcome-unknown flag and attempts (docs/sync.md, "The queue").
    sql: `
      DROP TABLE outbox;
      CREATE TABLE profiles (
        profile_id TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('sandbox','remote')),
        name TEXT NOT NULL,
        base_url TEXT NOT NULL,
        org_id TEXT,
        team_id TEXT,
        locale TEXT,
        declared_actor TEXT,
        created_at TEXT NOT NULL
      );
      CREATE TABLE label_collections (
        collection_id TEXT PRIMARY KEY,
        profile_id TEXT NOT NULL REFERENCES profiles(profile_id),
        service_id TEXT,
        name TEXT NOT NULL,
        description TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE TABLE reels (
        reel_id TEXT PRIMARY KEY,
        profile_id TEXT NOT NULL REFERENCES profiles(profile_id),
        service_id TEXT,
        name TEXT NOT NULL,
        description TEXT,
        collection_id TEXT REFERENCES label_collections(collection_id),
        expected_identifiers TEXT NOT NULL,
        create_op_id TEXT,
        service_snapshot TEXT,
        refreshed_at TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX reels_service_id ON reels(service_id);
      CREATE TABLE labels (
        label_id TEXT PRIMARY KEY,
        reel_id TEXT NOT NULL REFERENCES reels(reel_id),
        position INTEGER NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('expected','queued','enrolled','attention','bound','archived','gap')),
        service_id TEXT,
        identifiers TEXT NOT NULL,
        expected TEXT,
        capture_sha256 TEXT,
        indexing TEXT NOT NULL DEFAULT 'default',
        warnings TEXT NOT NULL DEFAULT '[]',
        attention TEXT,
        bound_thread_id TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        UNIQUE (reel_id, position)
      );
      CREATE INDEX labels_service_id ON labels(service_id);
      CREATE TABLE captures (
        sha256 TEXT PRIMARY KEY,
        path TEXT NOT NULL,
        thumbnail_path TEXT NOT NULL,
        width INTEGER NOT NULL,
        height INTEGER NOT NULL,
        bytes INTEGER NOT NULL,
        format TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE TABLE outbox (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        profile_id TEXT NOT NULL,
        kind TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('pending','sending','done','attention','discarded')),
        subject TEXT NOT NULL,
        payload TEXT NOT NULL,
        outcome_unknown INTEGER NOT NULL DEFAULT 0,
        attempts INTEGER NOT NULL DEFAULT 0,
        first_attempt_at TEXT,
        next_attempt_at INTEGER,
        attention TEXT,
        result TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX outbox_state ON outbox(state, seq);
      CREATE INDEX outbox_subject ON outbox(subject, seq);
      CREATE TABLE outbox_deps (
        op_id TEXT NOT NULL REFERENCES outbox(id),
        dep_id TEXT NOT NULL REFERENCES outbox(id),
        PRIMARY KEY (op_id, dep_id)
      );
      CREATE INDEX outbox_deps_dep ON outbox_deps(dep_id);
      CREATE TABLE outbox_attempts (
        attempt_id INTEGER PRIMARY KEY AUTOINCREMENT,
        op_id TEXT NOT NULL REFERENCES outbox(id),
        at TEXT NOT NULL,
        status INTEGER,
        code TEXT,
        reason TEXT,
        request_id TEXT,
        message TEXT NOT NULL,
        outcome TEXT NOT NULL
      );
      CREATE INDEX outbox_attempts_op ON outbox_attempts(op_id, attempt_id);
      CREATE TABLE audit_log (
        audit_id INTEGER PRIMARY KEY AUTOINCREMENT,
        at TEXT NOT NULL,
        action TEXT NOT NULL,
        subject TEXT,
        detail TEXT NOT NULL
      );
    `,
  },
  {
    version: 3,
    name: 'labels by capture',
    // The same-picture check runs on every enrollment with a capture (changes/enroll.ts).
    sql: `CREATE INDEX labels_capture ON labels(capture_sha256) WHERE capture_sha256 IS NOT NULL;`,
  },
  {
    version: 4,
    name: 'verifications of Reels and their samples; audit log by Reel and by time',
    // A verification is a sampling plan drawn for a Reel (ISO 2859-1: the numbers, the seed and the positions) and
    // one row per sampled position once scanned: kept (scanned while the service was out of reach, to be checked)
    // or judged. The newest verification of a Reel is its current one. The Reel report and the shift summary read
    // the audit log by Reel (the detail's reelId) and by day.
    sql: `
      CREATE TABLE verifications (
        verification_id TEXT PRIMARY KEY,
        reel_id TEXT NOT NULL REFERENCES reels(reel_id),
        lot_size INTEGER NOT NULL,
        code_letter TEXT NOT NULL,
        plan_letter TEXT NOT NULL,
        level TEXT NOT NULL,
        sample_size INTEGER NOT NULL,
        accept INTEGER NOT NULL,
        reject INTEGER NOT NULL,
        aql REAL NOT NULL,
        seed INTEGER NOT NULL,
        positions TEXT NOT NULL,
        not_on_service INTEGER NOT NULL,
        decision TEXT NOT NULL DEFAULT 'pending' CHECK (decision IN ('pending','accept','reject')),
        decided_at TEXT,
        created_at TEXT NOT NULL
      );
      CREATE INDEX verifications_reel ON verifications(reel_id, created_at);
      CREATE TABLE verification_samples (
        verification_id TEXT NOT NULL REFERENCES verifications(verification_id),
        position INTEGER NOT NULL,
        label_id TEXT,
        state TEXT NOT NULL CHECK (state IN ('kept','pass','fail')),
        scanned TEXT NOT NULL,
        result TEXT,
        checked_at TEXT,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (verification_id, position)
      );
      CREATE INDEX audit_log_reel ON audit_log(json_extract(detail, '$.reelId'), action);
      CREATE INDEX audit_log_at ON audit_log(at);
    `,
  },
  {
    version: 5,
    name: 'Labels enrolled elsewhere; the counts the Labels were last read at',
    // A Reel opened from the service (docs/sync.md, "Benches sharing a Reel") holds Labels another bench or app
    // enrolled: origin 'elsewhere'. Labels the service listed that this station never queued (earlier mirrors) are
    // elsewhere too. labels_counts: the Reel's counts when its Labels were last read in full; a refresh whose
    // counts match reads no Labels.
    sql: `
      ALTER TABLE labels ADD COLUMN origin TEXT NOT NULL DEFAULT 'here' CHECK (origin IN ('here','elsewhere'));
      UPDATE labels SET origin = 'elsewhere'
        WHERE service_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM outbox WHERE outbox.subject = labels.label_id);
      ALTER TABLE reels ADD COLUMN labels_counts TEXT;
    `,
  },
  {
    version: 6,
    name: 'captures pruned by retention',
    // Capture retention (docs/storage.md): the image of a Label on the service is removed after N days or past N GB;
    // its row and thumbnail stay, with the time it was removed.
    sql: `ALTER TABLE captures ADD COLUMN pruned_at TEXT;`,
  },
  {
    version: 7,
    name: "this bench's range of a shared Reel",
    // A Reel split between benches (docs/sync.md, "Benches sharing a Reel"): the positions this station enrolls,
    // first to last (both null: the whole Reel). This station's own setting, never sent to the service.
    sql: `
      ALTER TABLE reels ADD COLUMN bench_range_first INTEGER CHECK (bench_range_first IS NULL OR bench_range_first >= 0);
      ALTER TABLE reels ADD COLUMN bench_range_last INTEGER CHECK (bench_range_last IS NULL OR bench_range_last >= bench_range_first);
    `,
  },
  {
    version: 8,
    name: "each attempt's request and duration",
    // Every attempt names its request (docs/sync.md, "The queue"): the method and path (query included) it sent or
    // meant to send, and how long it took. Null on rows written before, and on the station's own conclusions made
    // before any request.
    sql: `
      ALTER TABLE outbox_attempts ADD COLUMN method TEXT;
      ALTER TABLE outbox_attempts ADD COLUMN path TEXT;
      ALTER TABLE outbox_attempts ADD COLUMN duration_ms INTEGER;
    `,
  },
  {
    version: 11,
    name: 'printers, print jobs and every print',
    // Printing (docs/printing.md): the shop's label printers (an IPP URI or a ZPL printer's HOST:PORT, the label stock
    // and dpi), each print job with the positions it holds in order and how many labels the printer confirmed, and
    // one row per position the printer confirmed: the record of prints and reprints with their reason. Versions 9 and
    // 10 are other areas'; the runner applies any version not yet applied, so the gap is harmless.
    sql: `
      CREATE TABLE printers (
        name TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('ipp','zpl')),
        uri TEXT NOT NULL,
        stock TEXT NOT NULL,
        dpi INTEGER NOT NULL CHECK (dpi IN (203, 300, 600)),
        created_at TEXT NOT NULL
      );
      CREATE TABLE print_jobs (
        job_id TEXT PRIMARY KEY,
        reel_id TEXT NOT NULL REFERENCES reels(reel_id),
        printer TEXT NOT NULL,
        positions TEXT NOT NULL,
        copies INTEGER NOT NULL CHECK (copies >= 1),
        reprint INTEGER NOT NULL CHECK (reprint IN (0, 1)),
        reason TEXT,
        state TEXT NOT NULL CHECK (state IN ('printing','done','stopped','failed')),
        stop_reason TEXT,
        confirmed INTEGER NOT NULL DEFAULT 0,
        printer_job TEXT,
        resumed_from TEXT,
        station TEXT NOT NULL,
        pid INTEGER,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX print_jobs_state ON print_jobs(state);
      CREATE TABLE prints (
        reel_id TEXT NOT NULL REFERENCES reels(reel_id),
        position INTEGER NOT NULL,
        job_id TEXT NOT NULL REFERENCES print_jobs(job_id),
        printer TEXT NOT NULL,
        at TEXT NOT NULL,
        station TEXT NOT NULL,
        reprint INTEGER NOT NULL CHECK (reprint IN (0, 1)),
        reason TEXT,
        PRIMARY KEY (job_id, position)
      );
      CREATE INDEX prints_reel ON prints(reel_id, position);
      `,
  },
  {
    version: 12,
    name: 'NFC chips encoded at the bench',
    // Encoding a Label's chip (docs/devices.md, "Encoding a chip"): what was written at a position (the chip's UID, the
    // URL, its type, locked or not), one chip for one position; each refusal by its code for the Reel report; the
    // Reel's settings (encode at the Bench, lock after writing; both off by default). This station's own records.
    sql: `
      CREATE TABLE nfc_encodings (
        reel_id TEXT NOT NULL REFERENCES reels(reel_id),
        position INTEGER NOT NULL,
        uid TEXT NOT NULL,
        url TEXT NOT NULL,
        tag_type TEXT NOT NULL,
        locked INTEGER NOT NULL CHECK (locked IN (0,1)),
        bytes_written INTEGER NOT NULL CHECK (bytes_written >= 0),
        encoded_at TEXT NOT NULL,
        PRIMARY KEY (reel_id, position)
      );
      CREATE UNIQUE INDEX nfc_encodings_uid ON nfc_encodings(uid);
      CREATE TABLE nfc_refusals (
        refusal_id INTEGER PRIMARY KEY,
        reel_id TEXT NOT NULL REFERENCES reels(reel_id),
        position INTEGER NOT NULL,
        uid TEXT,
        code TEXT NOT NULL,
        at TEXT NOT NULL
      );
      CREATE INDEX nfc_refusals_reel ON nfc_refusals(reel_id, at);
      ALTER TABLE reels ADD COLUMN nfc_encode INTEGER NOT NULL DEFAULT 0 CHECK (nfc_encode IN (0,1));
      ALTER TABLE reels ADD COLUMN nfc_lock INTEGER NOT NULL DEFAULT 0 CHECK (nfc_lock IN (0,1));
    `,
  },
  {
    version: 13,
    name: "print quality of each Label's codes; each Reel's lowest accepted grade",
    // docs/print-quality.md: the grade of the codes in a Label's capture, kept with the Label (its lowest symbol's
    // grade and worst parameter, every symbol's parameters and measures as JSON), and whether it was below the
    // Reel's lowest accepted grade when enrolled. The Reel's setting: that grade, and flag or refuse below it.
    sql: `
      CREATE TABLE label_grades (
        label_id TEXT PRIMARY KEY REFERENCES labels(label_id),
        reel_id TEXT NOT NULL REFERENCES reels(reel_id),
        position INTEGER NOT NULL,
        grade TEXT NOT NULL CHECK (grade IN ('A','B','C','D','F')),
        score INTEGER NOT NULL CHECK (score BETWEEN 0 AND 4),
        worst TEXT NOT NULL,
        symbology TEXT NOT NULL,
        flagged INTEGER NOT NULL CHECK (flagged IN (0,1)),
        capture_sha256 TEXT,
        symbols TEXT NOT NULL,
        graded_at TEXT NOT NULL
      );
      CREATE INDEX label_grades_reel ON label_grades(reel_id, position);
      ALTER TABLE reels ADD COLUMN grade_min TEXT NOT NULL DEFAULT 'C' CHECK (grade_min IN ('A','B','C','D'));
      ALTER TABLE reels ADD COLUMN grade_below TEXT NOT NULL DEFAULT 'flag' CHECK (grade_below IN ('flag','refuse'));
      `,
  },
  {
    version: 14,
    name: "each Reel's version of its Labels; which Labels changed since",
    // docs/sync.md, "Only what changed reaches a screen": a screen that holds a Reel's Labels reads only what changed since. Triggers, so every
    // writer counts, whatever its code path or process (the mirror, a CLI beside the station): each change of a Label
    // row that a view shows bumps its Reel's labels_version, and print_version as well when it moves the Reel's print
    // data (which every Label's check reads); label_changes holds each Label's last change on each Reel it was on,
    // gone = 1 once it left (deleted, or moved to another Reel). An update that changes nothing a view shows counts not.
    sql: `
      ALTER TABLE reels ADD COLUMN labels_version INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE reels ADD COLUMN print_version INTEGER NOT NULL DEFAULT 0;
      CREATE TABLE label_changes (
        reel_id TEXT NOT NULL,
        label_id TEXT NOT NULL,
        version INTEGER NOT NULL,
        gone INTEGER NOT NULL CHECK (gone IN (0,1)),
        PRIMARY KEY (reel_id, label_id)
      ) WITHOUT ROWID;
      CREATE INDEX label_changes_since ON label_changes(reel_id, version);
      CREATE TRIGGER labels_version_insert AFTER INSERT ON labels BEGIN
        UPDATE reels SET labels_version = labels_version + 1, print_version = print_version + (NEW.expected IS NOT NULL)
          WHERE reel_id = NEW.reel_id;
        INSERT INTO label_changes (reel_id, label_id, version, gone)
          SELECT NEW.reel_id, NEW.label_id, labels_version, 0 FROM reels WHERE reel_id = NEW.reel_id
          ON CONFLICT (reel_id, label_id) DO UPDATE SET version = excluded.version, gone = excluded.gone;
      END;
      CREATE TRIGGER labels_version_delete AFTER DELETE ON labels BEGIN
        UPDATE reels SET labels_version = labels_version + 1, print_version = print_version + (OLD.expected IS NOT NULL)
          WHERE reel_id = OLD.reel_id;
        INSERT INTO label_changes (reel_id, label_id, version, gone)
          SELECT OLD.reel_id, OLD.label_id, labels_version, 1 FROM reels WHERE reel_id = OLD.reel_id
          ON CONFLICT (reel_id, label_id) DO UPDATE SET version = excluded.version, gone = excluded.gone;
      END;
      CREATE TRIGGER labels_version_update AFTER UPDATE ON labels
        WHEN OLD.reel_id IS NOT NEW.reel_id OR OLD.position IS NOT NEW.position OR OLD.state IS NOT NEW.state
          OR OLD.service_id IS NOT NEW.service_id OR OLD.identifiers IS NOT NEW.identifiers OR OLD.expected IS NOT NEW.expected
          OR OLD.warnings IS NOT NEW.warnings OR OLD.attention IS NOT NEW.attention OR OLD.bound_thread_id IS NOT NEW.bound_thread_id
          OR OLD.origin IS NOT NEW.origin OR OLD.label_id IS NOT NEW.label_id
      BEGIN
        UPDATE reels SET labels_version = labels_version + 1, print_version = print_version + (OLD.expected IS NOT NULL)
          WHERE reel_id = OLD.reel_id AND (OLD.reel_id IS NOT NEW.reel_id OR OLD.label_id IS NOT NEW.label_id);
        INSERT INTO label_changes (reel_id, label_id, version, gone)
          SELECT OLD.reel_id, OLD.label_id, labels_version, 1 FROM reels
          WHERE reel_id = OLD.reel_id AND (OLD.reel_id IS NOT NEW.reel_id OR OLD.label_id IS NOT NEW.label_id)
          ON CONFLICT (reel_id, label_id) DO UPDATE SET version = excluded.version, gone = excluded.gone;
        UPDATE reels SET labels_version = labels_version + 1,
            print_version = print_version + (CASE WHEN OLD.reel_id IS NOT NEW.reel_id OR OLD.label_id IS NOT NEW.label_id
              THEN NEW.expected IS NOT NULL
              ELSE OLD.expected IS NOT NEW.expected OR (OLD.position IS NOT NEW.position AND NEW.expected IS NOT NULL) END)
          WHERE reel_id = NEW.reel_id;
        INSERT INTO label_changes (reel_id, label_id, version, gone)
          SELECT NEW.reel_id, NEW.label_id, labels_version, 0 FROM reels WHERE reel_id = NEW.reel_id
          ON CONFLICT (reel_id, label_id) DO UPDATE SET version = excluded.version, gone = excluded.gone;
      END;
    `,
  },
  {
    version: 15,
    name: "each Label's version on its row; the Labels gone from a Reel",
    // docs/sync.md, "Only what changed reaches a screen": migration 14 rewrote the Reel's row and a label_changes row
    // for every Label written, which cost a bulk write of 10,000 Labels (the first mirror of a shared Reel) more than
    // the write itself. Now each Label row carries the version of its last change a view shows (label_version: one
    // counter for the data folder, so the Reel's version is the highest of its rows and of the Labels gone from it).
    // The bulk write takes one version for all its rows (upsertLabels); every other writer, whatever its code path or
    // process, gets the next version from the triggers (a row written with none, or changed with the version it had).
    // A Label that left a Reel (deleted, or moved to another) is noted in labels_gone. print_version is bumped as
    // before. Every Reel's print_version moves once here, so a screen holding a version of migration 14 reads its Reel
    // whole.
    sql: `
      DROP TRIGGER labels_version_insert;
      DROP TRIGGER labels_version_delete;
      DROP TRIGGER labels_version_update;
      DROP TABLE label_changes;
      CREATE TABLE label_version (
        id INTEGER PRIMARY KEY CHECK (id = 0),
        value INTEGER NOT NULL
      );
      INSERT INTO label_version (id, value) VALUES (0, COALESCE((SELECT MAX(labels_version) FROM reels), 0) + 1);
      ALTER TABLE reels DROP COLUMN labels_version;
      UPDATE reels SET print_version = print_version + 1;
      ALTER TABLE labels ADD COLUMN version INTEGER;
      UPDATE labels SET version = (SELECT value FROM label_version WHERE id = 0);
      CREATE INDEX labels_version ON labels(reel_id, version);
      CREATE TABLE labels_gone (
        reel_id TEXT NOT NULL,
        label_id TEXT NOT NULL,
        version INTEGER NOT NULL,
        PRIMARY KEY (reel_id, label_id)
      ) WITHOUT ROWID;
      CREATE INDEX labels_gone_since ON labels_gone(reel_id, version);
      CREATE TRIGGER labels_version_insert AFTER INSERT ON labels WHEN NEW.version IS NULL BEGIN
        UPDATE label_version SET value = value + 1 WHERE id = 0;
        UPDATE labels SET version = (SELECT value FROM label_version WHERE id = 0) WHERE rowid = NEW.rowid;
      END;
      CREATE TRIGGER labels_version_update AFTER UPDATE ON labels
        WHEN NEW.version IS OLD.version AND (OLD.reel_id IS NOT NEW.reel_id OR OLD.position IS NOT NEW.position
          OR OLD.state IS NOT NEW.state OR OLD.service_id IS NOT NEW.service_id OR OLD.identifiers IS NOT NEW.identifiers
          OR OLD.expected IS NOT NEW.expected OR OLD.warnings IS NOT NEW.warnings OR OLD.attention IS NOT NEW.attention
          OR OLD.bound_thread_id IS NOT NEW.bound_thread_id OR OLD.origin IS NOT NEW.origin OR OLD.label_id IS NOT NEW.label_id)
      BEGIN
        UPDATE label_version SET value = value + 1 WHERE id = 0;
        UPDATE labels SET version = (SELECT value FROM label_version WHERE id = 0) WHERE rowid = NEW.rowid;
      END;
      CREATE TRIGGER labels_gone_delete AFTER DELETE ON labels BEGIN
        UPDATE label_version SET value = value + 1 WHERE id = 0;
        INSERT INTO labels_gone (reel_id, label_id, version) SELECT OLD.reel_id, OLD.label_id, value FROM label_version WHERE id = 0
          ON CONFLICT (reel_id, label_id) DO UPDATE SET version = excluded.version;
      END;
      CREATE TRIGGER labels_gone_update AFTER UPDATE ON labels WHEN OLD.reel_id IS NOT NEW.reel_id OR OLD.label_id IS NOT NEW.label_id BEGIN
        UPDATE label_version SET value = value + 1 WHERE id = 0;
        INSERT INTO labels_gone (reel_id, label_id, version) SELECT OLD.reel_id, OLD.label_id, value FROM label_version WHERE id = 0
          ON CONFLICT (reel_id, label_id) DO UPDATE SET version = excluded.version;
      END;
      CREATE TRIGGER labels_print_insert AFTER INSERT ON labels WHEN NEW.expected IS NOT NULL BEGIN
        UPDATE reels SET print_version = print_version + 1 WHERE reel_id = NEW.reel_id;
      END;
      CREATE TRIGGER labels_print_delete AFTER DELETE ON labels WHEN OLD.expected IS NOT NULL BEGIN
        UPDATE reels SET print_version = print_version + 1 WHERE reel_id = OLD.reel_id;
      END;
      CREATE TRIGGER labels_print_left AFTER UPDATE ON labels
        WHEN OLD.expected IS NOT NULL AND (OLD.reel_id IS NOT NEW.reel_id OR OLD.label_id IS NOT NEW.label_id)
      BEGIN
        UPDATE reels SET print_version = print_version + 1 WHERE reel_id = OLD.reel_id;
      END;
      CREATE TRIGGER labels_print_update AFTER UPDATE ON labels
        WHEN OLD.expected IS NOT NEW.expected OR (NEW.expected IS NOT NULL
          AND (OLD.reel_id IS NOT NEW.reel_id OR OLD.label_id IS NOT NEW.label_id OR OLD.position IS NOT NEW.position))
      BEGIN
        UPDATE reels SET print_version = print_version + 1 WHERE reel_id = NEW.reel_id;
      END;
    `,
  },
  {
    version: 16,
    name: 'label templates, the template a Reel keeps, the template of each print job',
    // Label templates (docs/print-run.md, "Templates"): a shop's ZPL or SVG design stored per station by name, the
    // template a Reel keeps as its own, and which template printed each job (so each print in the log names it; null:
    // the station's own layout).
    sql: `
      CREATE TABLE print_templates (
        name TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('zpl','svg')),
        body TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE TABLE reel_templates (
        reel_id TEXT PRIMARY KEY REFERENCES reels(reel_id),
        template TEXT NOT NULL
      );
      ALTER TABLE print_jobs ADD COLUMN template TEXT;
    `,
  },
  {
    version: 17,
    name: "the outbox's bench lane; the direction each Reel is enrolled in",
    // docs/sync.md, "Lanes": an operation the Bench (or `enroll`) saved is sent before queued imports and bulk work;
    // lane 0 is the bench's, 1 everything else (the default, so every row queued before is bulk). The ready query reads
    // pending rows lane by lane in queue order (outbox_ready). docs/architecture.md, "The Bench's session": a Reel may
    // be enrolled from its end (a rewound Reel), this station's own setting as its bench range is.
    sql: `
      ALTER TABLE outbox ADD COLUMN lane INTEGER NOT NULL DEFAULT 1 CHECK (lane IN (0, 1));
      CREATE INDEX outbox_ready ON outbox(state, lane, seq);
      ALTER TABLE reels ADD COLUMN direction TEXT NOT NULL DEFAULT 'up' CHECK (direction IN ('up', 'down'));
    `,
  },
  {
    version: 18,
    name: 'print jobs: labels sent, the printer count at the start, labels unconfirmed',
    // docs/printing.md, "After an interruption": what the station handed the printer (`sent`), the ZPL printer's
    // label odometer when the job started, the IPP job's first label within the station's job, and how many labels
    // after the confirmed ones may have printed (the printer could not be asked yet).
    sql: `
      ALTER TABLE print_jobs ADD COLUMN sent INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE print_jobs ADD COLUMN odometer_start INTEGER;
      ALTER TABLE print_jobs ADD COLUMN printer_job_base INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE print_jobs ADD COLUMN unconfirmed INTEGER NOT NULL DEFAULT 0;
    `,
  },
  {
    version: 19,
    name: "the audit log's index on action and time (the Queue's notices of Labels taken elsewhere)",
    // docs/sync.md, "Every bench knows": the station's status counts the notices since the operator last put them away
    // at every change, and the Queue lists them; both read one action over a span of time. The index on time alone
    // (migration 4) read every entry of the span, of every action.
    sql: `
      CREATE INDEX audit_log_action_at ON audit_log(action, at);
    `,
  },
];

import { statement, type Db } from './database';

// Label templates (migration 16; docs/print-run.md, "Templates"): each a shop's design stored by name on this station,
// the template a Reel keeps as its own, and the template each print job printed with.

export interface StoredTemplate {
  name: string;
  kind: 'zpl' | 'svg';
  body: string;
  createdAt: string;
}

interface TemplateRow {
  name: string;
  kind: 'zpl' | 'svg';
  body: string;
  created_at: string;
}

const templateOf = (r: TemplateRow): StoredTemplate => ({ name: r.name, kind: r.kind, body: r.body, createdAt: r.created_at });

export function listTemplates(db: Db): StoredTemplate[] {
  return (statement(db, 'SELECT * FROM print_templates ORDER BY name').all() as TemplateRow[]).map(templateOf);
}

export function getTemplate(db: Db, name: string): StoredTemplate | undefined {
  const row = statement(db, 'SELECT * FROM print_templates WHERE name = ?').get(name) as TemplateRow | undefined;
  return row ? templateOf(row) : undefined;
}

/** Adds the template; false when one of that name exists. */
export function insertTemplate(db: Db, template: StoredTemplate): boolean {
  return (
    statement(db, 'INSERT INTO print_templates (name, kind, body, created_at) VALUES (?, ?, ?, ?) ON CONFLICT(name) DO NOTHING').run(
      template.name,
      template.kind,
      template.body,
      template.createdAt,
    ).changes === 1
  );
}

/** Removes the template and every Reel's keeping of it; false when there was none. */
export function deleteTemplate(db: Db, name: string): boolean {
  return db.transaction(() => {
    statement(db, 'DELETE FROM reel_templates WHERE template = ?').run(name);
    return statement(db, 'DELETE FROM print_templates WHERE name = ?').run(name).changes === 1;
  })();
}

export function reelTemplate(db: Db, reelId: string): string | null {
  const row = statement(db, 'SELECT template FROM reel_templates WHERE reel_id = ?').get(reelId) as { template: string } | undefined;
  return row?.template ?? null;
}

/** The Reel keeps `template` as its own (null: the station's own layout). */
export function setReelTemplate(db: Db, reelId: string, template: string | null): void {
  if (template === null) statement(db, 'DELETE FROM reel_templates WHERE reel_id = ?').run(reelId);
  else
    statement(db, 'INSERT INTO reel_templates (reel_id, template) VALUES (?, ?) ON CONFLICT(reel_id) DO UPDATE SET template = excluded.template').run(
      reelId,
      template,
    );
}

/** Records the template a job prints with. */
export function setJobTemplate(db: Db, jobId: string, template: string): void {
  statement(db, 'UPDATE print_jobs SET template = ? WHERE job_id = ?').run(template, jobId);
}

/** The template of each of the Reel's jobs that printed with one, by job id. */
export function jobTemplates(db: Db, reelId: string): Map<string, string> {
  const rows = statement(db, 'SELECT job_id, template FROM print_jobs WHERE reel_id = ? AND template IS NOT NULL').all(reelId) as {
    job_id: string;
    template: string;
  }[];
  return new Map(rows.map((r) => [r.job_id, r.template]));
}

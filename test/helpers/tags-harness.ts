// A sandbox listening on 127.0.0.1:0, called with fetch (real multipart encoding), for the /api/v1/tags
// contract tests. Labels are written straight into the store: the Label endpoints are another area's.
import { randomUUID } from 'node:crypto';
import { identifierKey } from '../../src-shared/domain/identifier-values';
import { listenTestSandbox, type TestSandbox } from './sandbox-harness';

export interface Reply {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

export interface TagsSandbox {
  sb: TestSandbox;
  baseUrl: string;
  token: string;
  orgId: string;
  benchTeamId: string;
  /** A second Team of the same organization; the demo account is admin of both. */
  otherTeamId: string;
  /** Multipart POST to /api/v1/tags/<path>; Buffer values become the `data` file part. */
  form(
    path: string,
    parts: Record<string, string | Buffer | unknown[] | Record<string, unknown>>,
    team?: string,
    extraHeaders?: Record<string, string>,
  ): Promise<Reply>;
  json(path: string, body: unknown, team?: string): Promise<Reply>;
  createThread(name: string, team?: string): Promise<string>;
  createLabel(input: {
    team?: string;
    members: { tagType: string; value?: string; fingerprintId?: string; identifiable?: boolean }[];
    boundThreadId?: string;
  }): { compositeTagId: string; tagIds: string[] };
  scanCount(): number;
  close(): Promise<void>;
}

export async function startTagsSandbox(): Promise<TagsSandbox> {
  const { sb, baseUrl, orgId, benchTeamId, otherTeamId } = await listenTestSandbox();
  const account = await sb.admin('POST', '/sandbox/service-accounts', {
    orgId,
    name: 'Two-team station',
    teams: [
      { teamId: benchTeamId, role: 'admin' },
      { teamId: otherTeamId, role: 'admin' },
    ],
  });
  const token = await sb.token((account.json() as { apiKey: string }).apiKey);

  const headers = (team: string) => ({ authorization: `Bearer ${token}`, 'svc-ctx-org-id': orgId, 'svc-ctx-team-id': team });
  const reply = async (res: Response): Promise<Reply> => ({ status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers });

  return {
    sb,
    baseUrl,
    token,
    orgId,
    benchTeamId,
    otherTeamId,
    async form(path, parts, team = benchTeamId, extraHeaders = {}) {
      const body = new FormData();
      for (const [name, value] of Object.entries(parts)) {
        if (Buffer.isBuffer(value)) body.append(name, new Blob([new Uint8Array(value)], { type: 'image/jpeg' }), 'capture.jpg');
        else body.append(name, typeof value === 'string' ? value : JSON.stringify(value));
      }
      return reply(await fetch(`${baseUrl}/api/v1/tags/${path}`, { method: 'POST', headers: { ...headers(team), ...extraHeaders }, body }));
    },
    async json(path, payload, team = benchTeamId) {
      return reply(
        await fetch(`${baseUrl}/api/v1/tags/${path}`, {
          method: 'POST',
          headers: { ...headers(team), 'content-type': 'application/json' },
          body: JSON.stringify(payload),
        }),
      );
    },
    async createThread(name, team = benchTeamId) {
      const res = await fetch(`${baseUrl}/api/v1/threads`, {
        method: 'POST',
        headers: { ...headers(team), 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'single', thread: { name } }),
      });
      if (res.status !== 201) throw new Error(`thread create failed: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { created: { threadId: string }[] }).created[0]?.threadId as string;
    },
    createLabel({ team = benchTeamId, members, boundThreadId }) {
      const db = sb.db;
      const at = new Date().toISOString();
      const reelId = randomUUID();
      const compositeTagId = randomUUID();
      db.prepare(
        `INSERT INTO collections (collection_id, kind, org_id, owner_team_id, name, expected_identifiers, created_at, updated_at)
         VALUES (?, 'reel', ?, ?, 'Reel', ?, ?, ?)`,
      ).run(
        reelId,
        orgId,
        team,
        JSON.stringify([
          { tagType: 'QR', count: 1 },
          { tagType: 'SVC', count: 1 },
        ]),
        at,
        at,
      );
      db.prepare(
        `INSERT INTO composite_tags (composite_tag_id, reel_id, position, org_id, owner_team_id, human_readable, bound_thread_id, bound_at, created_at, updated_at)
         VALUES (?, ?, 1, ?, ?, 'L-1', ?, ?, ?, ?)`,
      ).run(compositeTagId, reelId, orgId, team, boundThreadId ?? null, boundThreadId ? at : null, at, at);
      const tagIds = members.map((m) => {
        const tagId = randomUUID();
        db.prepare(
          `INSERT INTO tags (tag_id, tag_type, value, normalized_value, fingerprint_id, thread_id, composite_tag_id, org_id, owner_team_id, identifiable, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(
          tagId,
          m.tagType,
          m.value ?? null,
          m.value === undefined ? null : identifierKey(m.tagType, m.value),
          m.fingerprintId ?? null,
          boundThreadId ?? null,
          compositeTagId,
          orgId,
          team,
          m.identifiable ? 1 : 0,
          at,
          at,
        );
        return tagId;
      });
      return { compositeTagId, tagIds };
    },
    scanCount: () => (sb.db.prepare('SELECT COUNT(*) AS n FROM scans').get() as { n: number }).n,
    close: () => sb.close(),
  };
}

export function detail(reply: Reply): Record<string, unknown> {
  return (reply.body.detail ?? {}) as Record<string, unknown>;
}

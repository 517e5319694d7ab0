// A sandbox listening on 127.0.0.1:0, called with fetch (real multipart encoding), for the
// /api/v1/composite-tags contract tests.
import { listenTestSandbox, type TestSandbox } from './sandbox-harness';

interface Reply<B = Record<string, unknown>> {
  status: number;
  body: B;
}

/** Loosely typed JSON for assertions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test bodies are read field by field in assertions
export type Json = any;

interface CallOptions {
  team?: string;
  token?: string;
  headers?: Record<string, string>;
}

export interface LabelsSandbox {
  sb: TestSandbox;
  baseUrl: string;
  orgId: string;
  benchTeamId: string;
  otherTeamId: string;
  /** Admin of Bench and of the other Team. */
  adminToken: string;
  /** Role `member` of Bench only. */
  memberToken: string;
  call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown, options?: CallOptions): Promise<Reply<Json>>;
  /** Multipart POST under /api/v1/composite-tags; Buffer values become `data` file parts (repeatable via arrays of Buffers). */
  form(path: string, parts: Record<string, string | Buffer | Buffer[] | unknown>, options?: CallOptions): Promise<Reply<Json>>;
  createThread(name: string, team?: string): Promise<string>;
  /** POST /api/v1/tags/extract: the fingerprint id of an optical capture. */
  extract(image: Buffer, team?: string): Promise<string>;
  /** POST /api/v1/tags/<path> as multipart (the spec's tags area, src-sandbox/routes/tags), for setting up loose identifiers. */
  tagsForm(path: string, parts: Record<string, string | Buffer>, team?: string): Promise<Reply<Json>>;
  /** GET /api/v1/threads/{id} */
  thread(threadId: string): Promise<Json>;
  createReel(body?: Record<string, unknown>, team?: string): Promise<Json>;
  enroll(reelId: string, parts: Record<string, unknown>, team?: string): Promise<Json>;
  close(): Promise<void>;
}

export async function startLabelsSandbox(): Promise<LabelsSandbox> {
  const { sb, baseUrl, orgId, benchTeamId, otherTeamId } = await listenTestSandbox();
  const account = async (name: string, teams: { teamId: string; role: 'admin' | 'member' }[]) => {
    const res = await sb.admin('POST', '/sandbox/service-accounts', { orgId, name, teams });
    return sb.token((res.json() as { apiKey: string }).apiKey);
  };
  const adminToken = await account('Shift lead station', [
    { teamId: benchTeamId, role: 'admin' },
    { teamId: otherTeamId, role: 'admin' },
  ]);
  const memberToken = await account('Bench station', [{ teamId: benchTeamId, role: 'member' }]);

  const headers = (o: CallOptions = {}) => ({
    authorization: `Bearer ${o.token ?? adminToken}`,
    'svc-ctx-org-id': orgId,
    'svc-ctx-team-id': o.team ?? benchTeamId,
    ...o.headers,
  });
  const reply = async (res: Response): Promise<Reply<Json>> => {
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Json) : null };
  };

  const t: LabelsSandbox = {
    sb,
    baseUrl,
    orgId,
    benchTeamId,
    otherTeamId,
    adminToken,
    memberToken,
    async call(method, path, body, options = {}) {
      const init: RequestInit = { method, headers: headers(options) };
      if (body !== undefined) {
        init.body = JSON.stringify(body);
        init.headers = { ...headers(options), 'content-type': 'application/json' };
      }
      return reply(await fetch(`${baseUrl}/api/v1/composite-tags${path}`, init));
    },
    async form(path, parts, options = {}) {
      const body = new FormData();
      for (const [name, value] of Object.entries(parts)) {
        const values = Array.isArray(value) && value.every((v) => Buffer.isBuffer(v)) ? value : [value];
        for (const v of values) {
          if (Buffer.isBuffer(v)) body.append(name, new Blob([new Uint8Array(v)], { type: 'image/jpeg' }), 'capture.jpg');
          else body.append(name, typeof v === 'string' ? v : JSON.stringify(v));
        }
      }
      return reply(await fetch(`${baseUrl}/api/v1/composite-tags${path}`, { method: 'POST', headers: headers(options), body }));
    },
    async createThread(name, team = benchTeamId) {
      const res = await fetch(`${baseUrl}/api/v1/threads`, {
        method: 'POST',
        headers: { ...headers({ team }), 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'single', thread: { name, description: `${name} description` } }),
      });
      if (res.status !== 201) throw new Error(`thread create failed: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { created: { threadId: string }[] }).created[0]?.threadId as string;
    },
    async tagsForm(path, parts, team = benchTeamId) {
      const body = new FormData();
      for (const [name, value] of Object.entries(parts)) {
        if (Buffer.isBuffer(value)) body.append(name, new Blob([new Uint8Array(value)], { type: 'image/jpeg' }), 'capture.jpg');
        else body.append(name, value);
      }
      return reply(await fetch(`${baseUrl}/api/v1/tags/${path}`, { method: 'POST', headers: headers({ team }), body }));
    },
    async extract(image, team = benchTeamId) {
      const res = await t.tagsForm('extract', { data: image }, team);
      if (res.status !== 200) throw new Error(`extract failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.id as string;
    },
    async thread(threadId) {
      const res = await fetch(`${baseUrl}/api/v1/threads/${threadId}`, { headers: headers() });
      return (await reply(res)).body;
    },
    async createReel(body = {}, team = benchTeamId) {
      const res = await t.call('POST', '/reels', { name: 'Reel', ...body }, { team });
      if (res.status !== 201) throw new Error(`reel create failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.reel;
    },
    async enroll(reelId, parts, team = benchTeamId) {
      const res = await t.form(`/reels/${reelId}/labels`, parts, { team });
      if (res.status !== 201) throw new Error(`enroll failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.label;
    },
    async close() {
      await sb.close();
    },
  };
  return t;
}

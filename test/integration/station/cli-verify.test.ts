import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { speckleTag, freshCapture } from '../../fixtures';
import { tempDir } from '../../helpers/tmp';
import { runStationAsync as station, startPeer, stopPeerAndStation, type Peer } from '../../helpers/peer';

// The quality check's CLI forms (README.md, "Command line": verify) as child processes against a remote service (the sandbox through the fault and wire proxies):
// `verify plan`, `verify check` (values and --svc), `verify status` and `report --reel`, with their exit codes.

let peer: Peer;
const dir = tempDir('core-cli-verify-');
const data = join(dir.path, 'data');
let reelId = '';
const json = <T>(out: { json(): unknown }) => out.json() as T;
const run = (...args: string[]) => station(['--data', data, '--json', ...args]);

beforeAll(async () => {
  peer = await startPeer();
  const { apiKey, orgId, teamId } = peer.sandbox;
  expect((await station(['--data', data, 'connect', '--base-url', peer.proxy.url, '--api-key', apiKey, '--org', orgId, '--team', teamId])).code).toBe(0);
  reelId = json<{ reelId: string }>(await run('reel', 'create', '--name', 'CLI verify reel', '--expect', 'TEXT=1,SVC=1')).reelId;
  // Six Labels; 3 and 4 were enrolled each with the other's printed TEXT.
  for (let p = 1; p <= 6; p += 1) {
    const svc = join(dir.path, `tag-${p}.jpg`);
    writeFileSync(svc, await speckleTag(600 + p, { width: 640, height: 480, format: 'jpeg' }));
    const printed = p === 3 ? 4 : p === 4 ? 3 : p;
    expect((await run('enroll', '--reel', reelId, '--position', String(p), '--text', `CV-${printed}`, '--svc', svc)).code).toBe(0);
  }
  expect(json(await run('sync', '--until-idle', '--timeout', '60'))).toMatchObject({ pending: 0, attention: 0 });
}, 180_000);
afterAll(() => stopPeerAndStation(peer, undefined, dir));

async function capture(p: number, seed: number): Promise<string> {
  const path = join(dir.path, `check-${p}-${seed}.jpg`);
  writeFileSync(path, await freshCapture(await speckleTag(600 + p, { width: 640, height: 480, format: 'jpeg' }), seed));
  return path;
}

describe('station verify and report', () => {
  it('verify plan prints the plan in the issue’s shape; the AQL must be a column of Table 2-A', async () => {
    const out = await run('verify', 'plan', '--reel', reelId, '--aql', '0.65', '--seed', '12');
    expect(out.code).toBe(0);
    const plan = json<Record<string, unknown>>(out);
    expect(plan).toMatchObject({ lotSize: 6, codeLetter: 'A', sampleSize: 6, accept: 0, reject: 1, aql: 0.65, seed: 12, positions: [1, 2, 3, 4, 5, 6] });
    expect(Object.keys(plan)).toEqual(expect.arrayContaining(['lotSize', 'codeLetter', 'sampleSize', 'accept', 'reject', 'aql', 'seed', 'positions']));

    const bad = await run('verify', 'plan', '--reel', reelId, '--aql', '0.7');
    expect(bad.code).toBe(1);
    expect(json(bad)).toMatchObject({
      error: { code: 'STATION_INVALID_INPUT', message: expect.stringMatching(/AQL 0.7 is not a column of ISO 2859-1 Table 2-A/) },
    });
    const usage = await run('verify', 'plan', '--reel', reelId, '--seed', 'soon');
    expect(usage.code).toBe(2);
    // Back to the plan the checks below use.
    expect((await run('verify', 'plan', '--reel', reelId, '--seed', '12')).code).toBe(0);
  }, 60_000);

  it('verify check: a pass exits 0; a value of another position exits 3 naming both positions', async () => {
    const pass = await run('verify', 'check', '--reel', reelId, '--position', '1', '--text', 'CV-1', '--svc', await capture(1, 1));
    expect(pass.code).toBe(0);
    expect(json(pass)).toMatchObject({ position: 1, pass: true, outcome: 'verified', requestId: expect.any(String) });

    const fail = await run('verify', 'check', '--reel', reelId, '--position', '3', '--text', 'CV-3', '--svc', await capture(3, 2));
    expect(fail.code).toBe(3);
    expect(json(fail)).toMatchObject({
      position: 3,
      pass: false,
      outcome: 'wrong_position',
      foundPosition: 4,
      reason: "position 3 read CV-3, which is position 4's",
      requestId: expect.any(String),
    });
    expect(json<{ verdict: unknown }>(fail).verdict).toMatchObject({ decision: 'reject', failed: 1, decidedEarly: true });

    const missing = await run('verify', 'check', '--reel', reelId, '--text', 'CV-2');
    expect(missing.code).toBe(2);
    const noCapture = await run('verify', 'check', '--reel', reelId, '--position', '2', '--text', 'CV-2');
    expect(noCapture.code).toBe(1);
    expect(json(noCapture)).toMatchObject({ error: { code: 'STATION_INVALID_INPUT', message: expect.stringContaining('--svc IMAGE') } });
  }, 60_000);

  it('verify status exits 3 for a rejected lot; report prints the Reel report with the check', async () => {
    const status = await run('verify', 'status', '--reel', reelId);
    expect(status.code).toBe(3);
    expect(json(status)).toMatchObject({ expectsSvc: true, composition: ['TEXT'], verification: { verdict: { decision: 'reject', inspected: 2, failed: 1 } } });

    const report = await run('report', '--reel', reelId);
    expect(report.code).toBe(0);
    const body = json<{
      counts: Record<string, number>;
      total: number;
      enrollment: { saves: number; rate: { count: number[] } };
      verification: { samples: { position: number; state: string }[] };
    }>(report);
    expect(body.counts).toEqual({ enrolled: 6 });
    expect(body.total).toBe(6);
    expect(body.enrollment.saves).toBe(6);
    expect(body.enrollment.rate.count.reduce((a, b) => a + b, 0)).toBe(6);
    expect(body.verification.samples.filter((s) => s.state !== 'waiting').map((s) => [s.position, s.state])).toEqual([
      [1, 'pass'],
      [3, 'fail'],
    ]);

    const help = await station(['help']);
    expect(help.stdout).toContain('verify check');
    expect(help.stdout).toContain('3 finished with items needing attention (verify: a failed sample or a rejected lot)');
  }, 60_000);
});

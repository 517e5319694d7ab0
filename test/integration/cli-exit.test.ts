import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStationTimed, type TimedCliResult } from '../helpers/cli';
import { startWithReadyLine, type Started } from '../helpers/processes';
import { tempDir } from '../helpers/tmp';

// A CLI command ends as soon as its answer is printed, on every path (README:
// Command line), and a command that needs no device does not start the device supervisor.
// Each command runs as its own process, like a script calling `station` in a loop.

const dir = tempDir('station-cli-exit-');
/** Connected to the embedded sandbox, with one Reel. */
const sandboxData = join(dir.path, 'sandbox');
/** Connected to a remote service that is down. */
const downData = join(dir.path, 'down');
/** Never connected. */
const freshData = join(dir.path, 'fresh');
let reelId = '';
let downReelId = '';
const smallPng = join(dir.path, 'small.png');
const randomFile = join(dir.path, 'random.bin');

/** A port nothing listens on: bound once, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const station = runStationTimed;

function jsonAnswer(result: TimedCliResult): unknown {
  return JSON.parse(result.stdout.split('\n')[0] as string);
}

beforeAll(async () => {
  writeFileSync(
    smallPng,
    await sharp({ create: { width: 32, height: 32, channels: 3, background: '#808080' } })
      .png()
      .toBuffer(),
  );
  writeFileSync(randomFile, randomBytes(4096));
  expect((await station(['--data', sandboxData, '--json', 'connect', '--sandbox'])).code).toBe(0);
  const created = await station(['--data', sandboxData, '--json', 'reel', 'create', '--name', 'exit reel']);
  reelId = (created.json() as { reelId: string }).reelId;
  const port = await closedPort();
  const connected = await station([
    '--data',
    downData,
    '--json',
    'connect',
    '--base-url',
    `http://127.0.0.1:${port}`,
    '--api-key',
    'key-of-a-service-that-is-down',
    '--org',
    '00000000-0000-4000-8000-000000000001',
    '--team',
    '00000000-0000-4000-8000-000000000002',
  ]);
  expect(connected.code, connected.stderr).toBe(0);
  downReelId = ((await station(['--data', downData, '--json', 'reel', 'create', '--name', 'queued while down'])).json() as { reelId: string }).reelId;
}, 120_000);

afterAll(() => dir.remove());

/** The answer came, and the process ended within 2 s of it. */
function expectPromptExit(result: TimedCliResult): void {
  expect(result.answeredAt, `no answer on stdout; stderr: ${result.stderr}`).toBeDefined();
  expect(result.exitedAt - (result.answeredAt as number)).toBeLessThan(2_000);
}

describe('station CLI error paths end with their answer', () => {
  const cases: { name: string; args: () => string[]; exit: number; code: string }[] = [
    {
      name: 'a capture too small (CAPTURE_TOO_SMALL)',
      args: () => ['--data', sandboxData, '--json', 'enroll', '--reel', reelId, '--position', '1', '--text', 'A', '--qr', 'B', '--svc', smallPng],
      exit: 1,
      code: 'CAPTURE_TOO_SMALL',
    },
    {
      name: 'a capture of random bytes (CAPTURE_UNREADABLE)',
      args: () => ['--data', sandboxData, '--json', 'enroll', '--reel', reelId, '--position', '1', '--text', 'A', '--svc', randomFile],
      exit: 1,
      code: 'CAPTURE_UNREADABLE',
    },
    {
      name: 'a bad argument (usage error, exit 2)',
      args: () => ['--data', sandboxData, '--json', 'enroll', '--reel', reelId, '--position', 'first'],
      exit: 2,
      code: 'USAGE',
    },
    {
      name: 'an unknown Reel (STATION_NOT_FOUND)',
      args: () => ['--data', sandboxData, '--json', 'enroll', '--reel', '00000000-0000-4000-8000-0000000000ff', '--position', '1', '--text', 'A'],
      exit: 1,
      code: 'STATION_NOT_FOUND',
    },
    {
      name: 'a station never connected (STATION_NOT_CONNECTED)',
      args: () => ['--data', freshData, '--json', 'reel', 'create', '--name', 'R'],
      exit: 1,
      code: 'STATION_NOT_CONNECTED',
    },
    {
      name: 'a service that is down (STATION_OFFLINE)',
      args: () => [
        '--data',
        downData,
        '--json',
        'bulk-bind',
        '--reel',
        downReelId,
        '--from',
        '1',
        '--to',
        '1',
        '--threads',
        '00000000-0000-4000-8000-00000000000a',
        '--dry-run',
      ],
      exit: 1,
      code: 'STATION_OFFLINE',
    },
  ];

  for (const c of cases) {
    it(`${c.name}: answered, then the process ends within 2 s`, async () => {
      const result = await station(c.args());
      expect(result.code, result.stderr).toBe(c.exit);
      expect(jsonAnswer(result)).toMatchObject({ error: { code: c.code } });
      expectPromptExit(result);
    }, 60_000);
  }

  it('sync with the service down answers what is still pending (exit 1), then ends within 2 s', async () => {
    const result = await station(['--data', downData, '--json', 'sync', '--timeout', '1']);
    expect(result.code, result.stderr).toBe(1);
    expect(jsonAnswer(result)).toMatchObject({ done: 0, pending: 1 });
    expectPromptExit(result);
  }, 60_000);

  it('sync while `station serve` sends the same folder (STATION_BUSY), then ends within 2 s', async () => {
    const served: Started<{ ready: true }> = await startWithReadyLine(process.execPath, ['bin/station.mjs', 'serve', '--port', '0', '--data', downData], {
      timeoutMs: 60_000,
    });
    try {
      const result = await station(['--data', downData, '--json', 'sync']);
      expect(result.code, result.stderr).toBe(1);
      expect(jsonAnswer(result)).toMatchObject({ error: { code: 'STATION_BUSY' } });
      expectPromptExit(result);
    } finally {
      await served.stop();
    }
  }, 90_000);
});

describe('the device supervisor', () => {
  let fakePcscd: Server;
  let connections = 0;
  const socket = join(dir.path, 'pcscd.comm');
  // libpcsclite and the station's probe both honour PCSCLITE_CSOCK_NAME: each connection here is
  // the supervisor looking for NFC readers. Each is closed at once (a service that refuses).
  const env = { PCSCLITE_CSOCK_NAME: socket };
  const log = () => (existsSync(join(sandboxData, 'logs', 'station.log')) ? readFileSync(join(sandboxData, 'logs', 'station.log'), 'utf8') : '');

  beforeAll(async () => {
    fakePcscd = createServer((connection) => {
      connections += 1;
      connection.destroy();
    });
    await new Promise<void>((resolve) => fakePcscd.listen(socket, resolve));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => fakePcscd.close(() => resolve()));
  });

  it('is not started by status or enroll: no look for PC/SC readers, no start in the station log', async () => {
    const status = await station(['--data', sandboxData, '--json', 'status'], env);
    expect(status.code, status.stderr).toBe(0);
    expectPromptExit(status);
    const enrolled = await station(['--data', sandboxData, '--json', 'enroll', '--reel', reelId, '--position', '2', '--text', 'NO-DEVICES'], env);
    expect(enrolled.code, enrolled.stderr).toBe(0);
    expect(jsonAnswer(enrolled)).toMatchObject({ state: 'queued' });
    expectPromptExit(enrolled);
    expect(connections).toBe(0);
    expect(log()).toContain('station started');
    expect(log()).not.toContain('device supervisor started');
  }, 60_000);

  it('is started by `station devices`, which looks for PC/SC readers', async () => {
    const listed = await station(['--data', sandboxData, '--json', 'devices'], env);
    expect(listed.code, listed.stderr).toBe(0);
    expect((jsonAnswer(listed) as { devices: { id: string }[] }).devices.map((d) => d.id)).toContain('pcsc');
    expectPromptExit(listed);
    expect(connections).toBeGreaterThan(0);
    expect(log()).toContain('device supervisor started');
  }, 60_000);
});

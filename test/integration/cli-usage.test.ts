import { existsSync, readdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { runStationTimed } from '../helpers/cli';
import { tempDir } from '../helpers/tmp';

// Every CLI command reads its arguments with parseCommand (src-main/hosts/cli/flags.ts): a number flag that is not a
// whole number in its range, or a word the command does not take, is a usage error (exit 2) that names it, before
// the station does anything.

const dir = tempDir();
afterAll(() => dir.remove());

const cases: { args: string[]; says: string }[] = [
  { args: ['enroll', '--reel', 'R', '--position=-3'], says: '--position must be a whole number 0 or more (got "-3")' },
  { args: ['bulk-bind', '--reel', 'R', '--from', '1', '--to', 'two', '--threads', 'T'], says: '--to must be a whole number 0 or more (got "two")' },
  { args: ['bulk-bind', '--reel', 'R', '--from', '1', '--to', '2', '--threads', 'T', '--timeout', '0'], says: '--timeout must be a whole number 1 or more' },
  { args: ['move', '--reel', 'R', '--from', '1.5', '--to-reel', 'S'], says: '--from must be a whole number 0 or more (got "1.5")' },
  { args: ['move', '--reel', 'R', '--from', '1', '--to-reel', 'S', '--expected-count', 'ten'], says: '--expected-count must be a whole number' },
  { args: ['move', '--reel', 'R', '--from', '1', '--to-reel', 'S', 'extra'], says: 'move takes no positional arguments (got "extra")' },
  { args: ['queue', '--limit', '0'], says: '--limit must be a whole number from 1 to 10000 (got "0")' },
  { args: ['sync', '--timeout', '0.5'], says: '--timeout must be a number of seconds, a whole number 1 or more (got "0.5")' },
  { args: ['sync', 'concurrency', '--max', '65'], says: '--max must be a whole number from 1 to 64 (got "65")' },
  { args: ['serve', '--port', '70000'], says: '--port must be a port number, a whole number from 0 to 65535 (got "70000")' },
  { args: ['verify', 'plan', '--reel', 'R', '--seed', '1e3'], says: '--seed must be a whole number' },
  { args: ['print-run', 'generate', '--reel', 'R', '--count', '0', '--qr-template', '{serial}'], says: '--count must be a whole number 1 or more (got "0")' },
  {
    args: ['print-run', 'generate', '--reel', 'R', '--count', '5', '--qr-template', '{serial}', '--dpi', '600'],
    says: '--dpi must be a whole number from 203 to 300',
  },
  { args: ['status', 'now'], says: 'status takes no positional arguments (got "now")' },
  { args: ['reel', 'show'], says: 'reel show needs REEL (exactly one; got none)' },
  { args: ['queue', 'retry', 'A', 'B'], says: 'queue retry needs ID (exactly one; got "A B")' },
];

describe('station CLI arguments', () => {
  it.each(cases)('refuses $args.0 … naming what is wrong, with exit 2 and nothing done', async ({ args, says }) => {
    const data = `${dir.path}/${args.join('-').replace(/[^a-z0-9-]/gi, '_')}`;
    const result = await runStationTimed(['--data', data, '--json', ...args]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(says);
    expect(result.json()).toEqual({ error: { code: 'USAGE', message: expect.stringContaining(says) } });
    // Refused before the station opened: no database was made.
    expect(existsSync(data) ? readdirSync(data) : []).toEqual([]);
  });
});

import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logPath } from '../../../src-main/runtime/log';
import { speckleTag } from '../../fixtures';
import { openStation, type TestStation } from '../../helpers/peer';
import { tempDir } from '../../helpers/tmp';

// A log line that cannot be written never fails a command (docs/storage.md): the log file is /dev/full, where every
// write fails with ENOSPC (sonic-boom's writeSync threw it into every command that logged).

const dir = tempDir('storage-log-full-');
let s: TestStation;
beforeAll(async () => {
  const dataDir = join(dir.path, 'station');
  mkdirSync(join(dataDir, 'logs'), { recursive: true });
  symlinkSync('/dev/full', logPath(dataDir));
  s = await openStation(dataDir, { housekeeping: true });
}, 60_000);
afterAll(async () => {
  await s?.close();
  dir.remove();
});

describe('a log that cannot be written', () => {
  it('connects, enrolls with a capture, sends, and answers reads while every log write fails with ENOSPC', async () => {
    await s.call('profiles.connect', { kind: 'sandbox' });
    const { reelId } = await s.call('reels.create', { name: 'Log full' });
    const file = join(dir.path, 'tag.jpg');
    writeFileSync(file, await speckleTag(77, { width: 640, height: 480, format: 'jpeg' }));
    const out = await s.call('labels.enroll', { reelId, position: 1, identifiers: [{ tagType: 'TEXT', value: 'L-1' }], svcImagePath: file });
    expect(out.state).toBe('queued');
    // A refused command logs too (the sandbox answers its errors; the station logs failed requests).
    const refused = await s.station.call('labels.enroll', { reelId, position: 1, identifiers: [{ tagType: 'TEXT', value: 'L-1' }] });
    expect(refused.ok ? null : refused.error.code).toBe('STATION_INVALID_INPUT');
    const summary = await s.call('sync.run', { untilIdle: true, timeoutSeconds: 60 });
    expect(summary).toBeDefined();
    expect((await s.call('station.status', {})).queue).toMatchObject({ pending: 0, attention: 0 });
    expect((await s.call('reels.show', { reelId })).labels[0]?.state).toBe('enrolled');
  }, 60_000);
});

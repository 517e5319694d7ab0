import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { tempDir } from '../../helpers/tmp';
import { openStation, type TestStation } from '../../helpers/peer';

// profiles.update: the Settings locale reaches the service as Svc-Ctx-Locale for the active
// profile at once (the sandbox localizes its error messages by that header).

const dir = tempDir('core-profile-update-');
let s: TestStation;
beforeAll(async () => {
  s = await openStation(join(dir.path, 'station'));
  await s.call('profiles.connect', { kind: 'sandbox' });
}, 60_000);
afterAll(async () => {
  await s.close();
  dir.remove();
});

async function serviceMessage(): Promise<string> {
  const out = await s.station.call('threads.search', { cursor: 'not-a-cursor' });
  if (out.ok) throw new Error('expected the service to refuse the cursor');
  expect(out.error.code).toBe('INVALID_REQUEST');
  return out.error.message;
}

describe('profiles.update', () => {
  it('sends the new locale as Svc-Ctx-Locale and keeps it across a restart', async () => {
    expect(await serviceMessage()).toMatch(/cursor is not valid/);
    const summary = await s.call('profiles.update', { locale: 'de', name: 'Werkbank' });
    expect(summary.name).toBe('Werkbank');
    expect(await serviceMessage()).toMatch(/Der Cursor passt nicht/);

    await s.close();
    s = await openStation(join(dir.path, 'station'));
    expect((await s.call('profiles.list', {})).profiles[0]?.name).toBe('Werkbank');
    expect(await serviceMessage()).toMatch(/Der Cursor passt nicht/);

    await s.call('profiles.update', { locale: null });
    expect(await serviceMessage()).toMatch(/cursor is not valid/);
  });

  it('names a missing profile', async () => {
    const out = await s.station.call('profiles.update', { profileId: 'nope', locale: 'de' });
    expect(out.ok ? null : out.error.code).toBe('STATION_NOT_FOUND');
  });
});

import { test } from '@playwright/test';
import { startPcscd, type Pcscd } from '../pcscd';
import { tempDir } from '../tmp';
import { serveStation, type ServedStation } from './serve';

// The NFC e2e's parts (docs/testing.md, "Real parts"): pcscd with vpcd's virtual reader in a folder of the test's own,
// and a `station serve` child, connected to its embedded sandbox, whose device supervisor finds that pcscd by its socket.

export interface PcscdStation {
  /** pcscd and its reader (set in beforeAll). */
  readonly pcscd: Pcscd;
  /** The station serving the UI (set in beforeAll). */
  readonly station: ServedStation;
}

/** Registers the file's beforeAll (pcscd, then the station) and afterAll (both stopped, the folder removed). */
export function pcscdStation(prefix: string): PcscdStation {
  let dir: { path: string; remove(): void } | undefined;
  let pcscd: Pcscd | undefined;
  let station: ServedStation | undefined;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    dir = tempDir(prefix);
    pcscd = await startPcscd(dir.path);
    // The served station (a child process) finds this pcscd by its socket.
    process.env.PCSCLITE_CSOCK_NAME = pcscd.socket;
    station = await serveStation();
    await station.call('profiles.connect', { kind: 'sandbox' });
  });
  test.afterAll(async () => {
    await station?.stop();
    await pcscd?.close();
    dir?.remove();
  });
  return {
    get pcscd() {
      if (!pcscd) throw new Error('pcscd is started in beforeAll');
      return pcscd;
    },
    get station() {
      if (!station) throw new Error('the station is started in beforeAll');
      return station;
    },
  };
}

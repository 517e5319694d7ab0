import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeNfcUid } from '../../../src-shared/domain/nfc-uid';
import { speckleTag } from '../../fixtures';
import { tempDir } from '../../helpers/tmp';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { byPosition, connectedStation, serviceLabels, serviceReelsNamed, startPeer, type Peer } from '../../helpers/peer';

// Offline enrollment of a Reel with 50 Labels (some with SVC captures), then sync: the
// service holds each Label once, at its position, with its identifiers.

let peer: Peer;
const files = tempDir('core-captures-');
/** The value the station sends for an NFC UID it was given (src-shared/domain/nfc-uid.ts). */
const sentUid = (input: string): string => {
  const uid = normalizeNfcUid(input);
  if (!uid.ok) throw new Error(uid.reason);
  return uid.value;
};
beforeAll(async () => {
  peer = await startPeer();
});
afterAll(async () => {
  await peer.close();
  files.remove();
});

describe('offline enrollment, then sync', () => {
  it('enrolls 50 Labels while the service is unreachable; sync puts each once at its position', async () => {
    const s = await connectedStation(peer, { requestTimeoutMs: 5_000 });
    try {
      peer.proxy.down();
      const { reelId } = await s.call('reels.create', {
        name: 'Offline reel',
        expectedIdentifiers: [
          { tagType: 'TEXT', count: 1 },
          { tagType: 'QR', count: 1 },
          { tagType: 'SVC', count: 1 },
        ],
      });
      const expected = new Map<number, string[]>();
      for (let position = 1; position <= 50; position += 1) {
        const identifiers = [
          { tagType: 'TEXT', value: `OFF-${position}` },
          { tagType: 'QR', value: `https://example.test/off/${position}` },
          ...(position % 10 === 0 ? [{ tagType: 'NFC', value: `04a1b2c3d4${position.toString(16).padStart(4, '0')}` }] : []),
        ];
        let svcImagePath: string | undefined;
        if (position % 5 === 0) {
          svcImagePath = join(files.path, `tag-${position}.jpg`);
          writeFileSync(svcImagePath, await speckleTag(1000 + position, { width: 640, height: 480, format: 'jpeg' }));
        }
        const out = await s.call('labels.enroll', { reelId, position, identifiers, ...(svcImagePath ? { svcImagePath } : {}) });
        expect(out.state).toBe('queued');
        expected.set(
          position,
          [...identifiers.map((i) => `${i.tagType}=${i.tagType === 'NFC' ? sentUid(i.value) : i.value}`), ...(svcImagePath ? ['SVC'] : [])].sort(),
        );
      }
      const offline = await s.call('sync.run', { untilIdle: true, timeoutSeconds: 1 });
      expect(offline).toMatchObject({ done: 0, pending: 51, attention: 0, timedOut: true });

      peer.proxy.up();
      const summary = await s.call('sync.run', { untilIdle: true, timeoutSeconds: 90 });
      expect(summary).toMatchObject({ done: 51, pending: 0, attention: 0 });

      const reels = await serviceReelsNamed(peer, 'Offline reel');
      expect(reels).toHaveLength(1);
      const held = byPosition(await serviceLabels(peer, reels[0]!.collectionId));
      expect(held).toEqual(expected);

      const shown = await s.call('reels.show', { reelId });
      expect(shown.serviceId).toBe(reels[0]!.collectionId);
      expect(shown.labels.every((l) => l.state === 'enrolled' && l.serviceId)).toBe(true);
    } finally {
      await s.close();
      s.remove();
    }
  }, 120_000);
});

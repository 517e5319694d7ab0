import { afterEach, describe, expect, it } from 'vitest';
import { IDS } from '../../src-shared/api/examples';
import { ServiceError } from './errors';
import { harness, type Harness } from '../../test/helpers/service-fixtures';
import { sendError, sendJson } from '../../test/helpers/local-service';

// tags.identifyMarking reads an identify answer with the station's own reader (read/identify.ts): only what the spec
// names (the outcome's type, the identifier's `label` with its id and position), whatever else the answer holds.

let h: Harness | undefined;
afterEach(async () => {
  await h?.service.close();
  h = undefined;
});

const image = { data: Buffer.from([0xff, 0xd8, 0xff, 0xd9]), mimeType: 'image/jpeg' as const };

describe('tags.identifyMarking', () => {
  it('reads a label answer that carries only the Label id and position', async () => {
    h = await harness((_req, res) => sendJson(res, 200, { type: 'label', label: { label: { compositeTagId: IDS.label, position: 17 } } }));
    expect(await h.client.tags.identifyMarking({ tagType: 'SVC', image })).toEqual({
      outcome: 'label',
      compositeTagId: IDS.label,
      position: 17,
      code: null,
      requestId: expect.any(String),
    });
  });

  it('reads an identified answer through the identifier’s label, and one whose identifier names no Label', async () => {
    h = await harness((_req, res) =>
      sendJson(res, 200, { type: 'identified', identified: { tag: { tagId: IDS.tag, label: { compositeTagId: IDS.label, position: 3 } }, extra: true } }),
    );
    expect(await h.client.tags.identifyMarking({ tagType: 'SVC', image })).toMatchObject({ outcome: 'identified', compositeTagId: IDS.label, position: 3 });
    await h.service.close();
    h = await harness((_req, res) => sendJson(res, 200, { type: 'identified', identified: { tag: { tagId: IDS.tag } } }));
    expect(await h.client.tags.identifyMarking({ tagType: 'SVC', image })).toMatchObject({ outcome: 'identified', compositeTagId: null, position: null });
  });

  it('returns the error outcomes with the service code and request id; other failures throw', async () => {
    h = await harness((_req, res) => sendError(res, 400, 'SCAN_LOW_KEYPOINTS', { outcome: 'quality_reject' }));
    expect(await h.client.tags.identifyMarking({ tagType: 'SVC', image })).toEqual({
      outcome: 'quality_reject',
      compositeTagId: null,
      position: null,
      code: 'SCAN_LOW_KEYPOINTS',
      requestId: expect.any(String),
    });
    await h.service.close();
    h = await harness((_req, res) => sendError(res, 403, 'FORBIDDEN'));
    await expect(h.client.tags.identifyMarking({ tagType: 'SVC', image })).rejects.toBeInstanceOf(ServiceError);
  });
});

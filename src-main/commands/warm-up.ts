import { reelCommands } from '../../src-shared/ipc/reels';
import { LabelListPageSchema } from '../service/read/labels';
import type { LocalLabel } from '../store/labels';
import { reelLabelViews } from './views';

// The warm-up of a host that stays up (docs/architecture.md, "Start-up"): the work an operator's first opening of a
// Reel would otherwise pay for the first time (zod compiling the page's and the answer's checks, V8 compiling the code
// that reads them) done once in idle time on a made-up page, nothing read or written.

/** Labels on the made-up page: enough for V8 to compile the loops that read a page, a fraction of a real one. */
const LABELS = 200;
const ID = '00000000-0000-4000-8000-000000000000';

/** A page of Labels as the service sends it, parsed from JSON as an answer is. */
function madeUpPage(): unknown {
  const labels = Array.from({ length: LABELS }, (_, i) => ({
    compositeTagId: ID,
    position: i + 1,
    reelCollectionId: ID,
    members: [{ tagId: ID, tagType: 'TEXT', value: `WARM-${i + 1}`, archivedAt: null }],
    complete: true,
    bound: false,
    archived: false,
    transferredAt: null,
    boundThreadId: null,
    archivedAt: null,
    identifiable: false,
  }));
  return JSON.parse(JSON.stringify({ labels, nextCursor: null })) as unknown;
}

/** Reads a made-up page of Labels as `reels.open` reads the service's, and checks an answer made of it. */
export function warmReelOpening(): void {
  const read = LabelListPageSchema.parse(madeUpPage()).read();
  // The page is made up as the service's: one that does not read is this code's mistake, said in the log.
  if (!read.success) throw new Error(`the warm-up's page of Labels does not read: ${read.error.message}`);
  const labels: LocalLabel[] = read.data.items.map((label) => ({
    labelId: ID,
    reelId: ID,
    position: label.position,
    state: 'enrolled',
    serviceId: label.compositeTagId,
    identifiers: (label.members ?? []).map((m) => (m.value ? { tagType: m.tagType, value: m.value } : { tagType: m.tagType })),
    expected: null,
    captureSha256: null,
    indexing: 'default',
    warnings: [],
    attention: null,
    boundThreadId: null,
    origin: 'elsewhere',
  }));
  reelCommands['reels.open'].output.parse({ reelId: ID, ...reelLabelViews(labels), benchRange: null });
}

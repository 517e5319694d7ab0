import { reelCommands } from '../../src-shared/ipc/reels';
import { identifiersOf } from '../changes/shared-reel';
import { LabelListPageSchema } from '../service/read/labels';
import { newLabelRow, type LocalLabel } from '../store/labels';
import { reelLabelViews } from './views';

// The warm-up of a host that stays up (docs/architecture.md, "Start-up"): the work an operator's first opening of a
// Reel would otherwise pay for the first time (zod compiling the page's and the answer's checks, V8 compiling and then
// optimizing the code that reads them) done once in idle time on made-up pages, nothing read or written.

/**
 * Made-up pages of the size an opening asks (commands/reels.ts), 2,000 Labels in all: measured on the 2-core machine
 * under load, a first check of a 10,000-Label answer took 73–91 ms cold and 30–39 ms after this warm-up, a first page's
 * reading 18–45 ms cold and 12–15 ms after it; 200 Labels did about half of that. The warm-up itself takes ~130 ms.
 */
const PAGES = 4;
const PAGE_SIZE = 500;
const ID = '00000000-0000-4000-8000-000000000000';

/** A page of Labels as the service sends it, parsed from JSON as an answer is. */
function madeUpPage(page: number): unknown {
  const labels = Array.from({ length: PAGE_SIZE }, (_, i) => {
    const position = page * PAGE_SIZE + i + 1;
    return {
      compositeTagId: ID,
      position,
      reelCollectionId: ID,
      members: [{ tagId: ID, tagType: 'TEXT', value: `WARM-${position}`, archivedAt: null }],
      complete: true,
      bound: false,
      archived: false,
      transferredAt: null,
      boundThreadId: null,
      archivedAt: null,
      identifiable: false,
    };
  });
  return JSON.parse(JSON.stringify({ labels, nextCursor: null })) as unknown;
}

/**
 * Reads made-up pages of Labels as `reels.open` reads the service's, then checks an answer made of them; `turn` is
 * awaited between pages, so a command arriving meanwhile waits for one page at most.
 */
export async function warmReelOpening(turn: () => Promise<void>): Promise<void> {
  const labels: LocalLabel[] = [];
  for (let page = 0; page < PAGES; page += 1) {
    const read = LabelListPageSchema.parse(madeUpPage(page)).read();
    // The pages are made up as the service's: one that does not read is this code's mistake, said in the log.
    if (!read.success) throw new Error(`the warm-up's page of Labels does not read: ${read.error.message}`);
    for (const label of read.data.items)
      labels.push(
        newLabelRow({
          labelId: ID,
          reelId: ID,
          position: label.position,
          state: 'enrolled',
          serviceId: label.compositeTagId,
          identifiers: identifiersOf(label),
          origin: 'elsewhere',
        }),
      );
    await turn();
  }
  reelCommands['reels.open'].output.parse({ reelId: ID, ...reelLabelViews(labels), benchRange: null });
}

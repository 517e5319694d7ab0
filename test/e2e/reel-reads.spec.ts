import { expect, test, type Page } from '@playwright/test';
import { openScreen, serveStation, type ServedStation } from '../helpers/e2e/station';
import { chooseReelSetUp } from '../helpers/e2e/reel-set-up';
import { readResponses, type ResponseReads } from '../helpers/e2e/responses';

// Every screen that holds a Reel's Labels reads only what changed since (docs/sync.md, "Only what changed reaches a
// screen"), not only the Bench and the Reel map: Verify, Bulk bind and the print dialog. A Label enrolled while one of
// them is shown reaches it as that one Label, not as the Reel whole again.

const LABELS = 12;

let station: ServedStation;
test.beforeAll(async () => {
  station = await serveStation();
  await station.call('profiles.connect', { kind: 'sandbox' });
});
test.afterAll(async () => {
  await station.stop();
});

/** What each read of this Reel carried to the page, in the order the answers came: reels.showChanged's kind and its
 * Labels, or a reels.show read whole. Stopped (its reads waited for) before the next watch and before the page closes. */
function watchReads(page: Page, reelId: string): ResponseReads<{ read: string; labels: number }> {
  return readResponses(
    page,
    (response) => {
      const name = new URL(response.url()).pathname.split('/').at(-1);
      const input = response.request().postDataJSON() as { reelId?: string } | null;
      return (name === 'reels.showChanged' || name === 'reels.show') && input?.reelId === reelId;
    },
    (response) =>
      response.json().then((body: { value: { read?: string; labels: unknown[] } }) => ({ read: body.value.read ?? 'whole', labels: body.value.labels.length })),
  );
}

async function reelWithPrintData(name: string): Promise<string> {
  const { reelId } = await station.call('reels.create', {
    name,
    expectedIdentifiers: [
      { tagType: 'TEXT', count: 1 },
      { tagType: 'QR', count: 1 },
    ],
  });
  await station.call('printRun.generate', {
    reelId,
    spec: { count: LABELS, prefix: `${name}-`, digits: 4, qr: 'https://example.test/{serial}' },
    expected: true,
  });
  return reelId;
}

async function enroll(reelId: string, prefix: string, position: number): Promise<void> {
  const serial = `${prefix}-${String(position).padStart(4, '0')}`;
  await station.call('labels.enroll', {
    reelId,
    position,
    identifiers: [
      { tagType: 'TEXT', value: serial },
      { tagType: 'QR', value: `https://example.test/${serial}` },
    ],
  });
}

/** The first read carries the Reel whole; a Label enrolled while the screen is shown comes alone, and nothing reads
 * the Reel whole again. */
async function readsOnlyTheChange(reads: ResponseReads<{ read: string; labels: number }>, reelId: string, prefix: string, position: number) {
  await expect.poll(async () => (await reads.all())[0]).toEqual({ read: 'all', labels: LABELS });
  await enroll(reelId, prefix, position);
  await expect.poll(async () => (await reads.all()).slice(1)).toContainEqual({ read: 'since', labels: 1 });
  const again = (await reads.all()).slice(1);
  expect(
    again.filter((r) => r.read !== 'since'),
    JSON.stringify(again),
  ).toEqual([]);
  await reads.stop();
}

test('Verify, Bulk bind and the print dialog read only the Labels that changed', async ({ page }) => {
  const origin = new URL(station.served.ready.url).origin;
  await page.goto(station.served.ready.url);

  const verifyReel = await reelWithPrintData('RV');
  let reads = watchReads(page, verifyReel);
  await page.goto(`${origin}/#/verify?reel=${encodeURIComponent(verifyReel)}`);
  await expect(page.getByTestId('verify')).toBeVisible();
  await readsOnlyTheChange(reads, verifyReel, 'RV', 1);

  const bindReel = await reelWithPrintData('RB');
  reads = watchReads(page, bindReel);
  await page.goto(`${origin}/#/bulkBind?reel=${encodeURIComponent(bindReel)}`);
  await expect(page.getByTestId('bulk-thread-is')).toBeVisible();
  await readsOnlyTheChange(reads, bindReel, 'RB', 2);

  const printReel = await reelWithPrintData('RP');
  await openScreen(page, 'Reels');
  reads = watchReads(page, printReel);
  await chooseReelSetUp(page, 'RP', 'Prepare print run for RP');
  await page.getByRole('button', { name: 'Print the labels of Reel “RP”' }).click();
  const dialog = page.getByRole('dialog', { name: 'Print Reel “RP”' });
  await expect(dialog.getByTestId('print-dialog-preview')).toContainText('RP-0001');
  await readsOnlyTheChange(reads, printReel, 'RP', 3);
});

import type { Page, Response } from '@playwright/test';

// The bodies of a page's responses, read as they come (docs/testing.md, at its top). A body can only
// be read while its page is open: a response that comes after the test's last look, as the test ends, would be read
// after its context closed, and the read's failure ("Target page, context or browser has been closed") would fail a
// test that had passed. So the reads are kept, every one's failure is handled, and `stop()` ends the listening and
// waits for the reads begun, before the page or its context closes.

export interface ResponseReads<T> {
  /** Every body read so far, in the order the responses came (a failed read fails this). */
  all(): Promise<T[]>;
  /** Stops reading the page's responses and waits for the reads begun (their failures are not the test's). */
  stop(): Promise<void>;
}

/** Reads the body of each response of `page` that `pick` chooses with `read`, until `stop()`. */
export function readResponses<T>(page: Page, pick: (response: Response) => boolean, read: (response: Response) => Promise<T>): ResponseReads<T> {
  const reads: Promise<T>[] = [];
  const listener = (response: Response) => {
    if (!pick(response)) return;
    const body = read(response);
    // Handled here too: a read no test awaits any more never becomes an unhandled rejection.
    body.catch(() => undefined);
    reads.push(body);
  };
  page.on('response', listener);
  return {
    all: () => Promise.all(reads),
    async stop() {
      page.off('response', listener);
      await Promise.allSettled(reads);
    },
  };
}

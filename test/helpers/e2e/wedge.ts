import type { Page } from '@playwright/test';

/** A scanner's pace: milliseconds between two keys (src-shared/domain/wedge.ts takes a mean gap up to 35 ms for a scan). */
const KEY_GAP_MS = 5;

/**
 * A keyboard-wedge scan: every key of `value`, then Enter, stamped KEY_GAP_MS apart as a scanner types them. The keys
 * go through the DevTools protocol with their own timestamps (`Input.dispatchKeyEvent`), as the OS stamps a real
 * scanner's keys: Playwright's `keyboard.type` stamps each key when the busy browser gets to it, and on a loaded
 * machine two keys then land 100 ms and more apart, which the station rightly takes for a person typing.
 */
export async function wedgeScan(page: Page, value: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const start = Date.now() / 1000;
    const keys = [...value].map((char) => ({ key: char, text: char, unmodifiedText: char }));
    const sent: Promise<unknown>[] = [];
    [...keys, { key: 'Enter', text: '\r', unmodifiedText: '\r', code: 'Enter', windowsVirtualKeyCode: 13 }].forEach((key, n) => {
      const timestamp = start + (n * KEY_GAP_MS) / 1000;
      sent.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...key, timestamp }));
      sent.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: key.key, timestamp: timestamp + 0.001 }));
    });
    await Promise.all(sent);
  } finally {
    await cdp.detach();
  }
}

import type { Page } from '@playwright/test';

// A keyboard-wedge scanner as the browser sees one (docs/testing.md, "Real parts"): key events whose
// timestamps are the scanner's, a few ms apart, whatever the machine is doing. The events go through
// Chromium's own input pipeline (CDP Input.dispatchKeyEvent, as Playwright's keyboard does), with the
// `timestamp` a real keyboard's events carry from the OS; `event.timeStamp` in the page is that time.
// Playwright's keyboard.type({ delay }) waits for each key's round trip instead, so on a loaded machine
// its gaps grew past the wedge's 100 ms and a scan arrived cut in two ("QR: -043"); a real scanner's
// keys are timed by the scanner, not by how fast the browser answers.

/** CDP modifier bit for Ctrl. */
const CTRL = 2;
const GS = '\u001d';

interface KeyEvent {
  key: string;
  code?: string;
  text?: string;
  modifiers?: number;
  windowsVirtualKeyCode?: number;
}

function keyFor(char: string): KeyEvent {
  // GS (GS1 codes' separator) is Ctrl+] on a wedge.
  if (char === GS) return { key: ']', code: 'BracketRight', modifiers: CTRL, windowsVirtualKeyCode: 221 };
  return { key: char, text: char };
}

const ENTER: KeyEvent = { key: 'Enter', code: 'Enter', text: '\r', windowsVirtualKeyCode: 13 };

export interface WedgeScanOptions {
  /** Scanner time between keys (default 5 ms). */
  gapMs?: number;
  /** Ends with Enter (default true). */
  enter?: boolean;
  /** The page gets the keys after the first `afterKeys` only `ms` later (a busy page): their timestamps stay the scanner's. */
  lateDelivery?: { afterKeys: number; ms: number };
}

/**
 * Types `text` and Enter as a wedge scanner does: `gapMs` between keys (scanner time), all the events
 * queued at once. Focus stays where it is (a scan into a field is the field's business).
 */
export async function wedgeScan(page: Page, text: string, options: WedgeScanOptions = {}): Promise<void> {
  const gapS = (options.gapMs ?? 5) / 1000;
  const keys = [...text].map(keyFor);
  if (options.enter !== false) keys.push(ENTER);
  const cdp = await page.context().newCDPSession(page);
  try {
    const start = Date.now() / 1000;
    const sent: Promise<unknown>[] = [];
    for (const [i, key] of keys.entries()) {
      if (options.lateDelivery && i === options.lateDelivery.afterKeys) {
        await Promise.all(sent);
        await new Promise((resolve) => setTimeout(resolve, options.lateDelivery?.ms));
      }
      const timestamp = start + i * gapS;
      sent.push(cdp.send('Input.dispatchKeyEvent', { type: key.text ? 'keyDown' : 'rawKeyDown', ...key, timestamp }));
      const { text: _text, ...up } = key;
      sent.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...up, timestamp: timestamp + gapS / 2 }));
    }
    await Promise.all(sent);
  } finally {
    await cdp.detach();
  }
}

import { createHash } from 'node:crypto';
import { readCapture } from '../../store/captures';
import { HandlerAttention } from '../failure';
import type { OperationContext } from './types';

// The capture a queued enrollment or SVC identifier sends. Captures are content-addressed files under the data
// folder: a row whose file is gone, unreadable or no longer holds those bytes is a person's decision (recapture),
// never a station failure and never a wrong image sent to the service.

/** The capture to upload with `request` (named in the attempt log when the capture cannot be sent). */
export function captureToSend(
  ctx: OperationContext,
  sha256: string,
  request: { method: string; path: string },
): { data: Buffer; mimeType: 'image/png' | 'image/jpeg' } {
  let capture: ReturnType<typeof readCapture>;
  let why = 'is gone from the data folder';
  try {
    capture = readCapture(ctx.db, sha256);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code !== 'string') throw error;
    capture = undefined;
    if (code !== 'ENOENT') why = `cannot be read (${code})`;
  }
  if (capture && createHash('sha256').update(capture.data).digest('hex') !== sha256) {
    capture = undefined;
    why = 'was changed or damaged on disk';
  }
  if (!capture) {
    throw new HandlerAttention(
      'STATION_CAPTURE_MISSING',
      `The capture file of this Label (${sha256.slice(0, 12)}…) ${why}, so it was not sent; recapture it.`,
      null,
      ['recapture', 'discard'],
      request,
    );
  }
  return { data: capture.data, mimeType: capture.format === 'png' ? 'image/png' : 'image/jpeg' };
}

import { readFile } from 'node:fs/promises';
import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';
import { findIncomingStill } from '../devices/camera/incoming-stills';
import { readCapture } from '../store/captures';
import type { ChangeContext } from './context';
import { readImageFile } from './enroll';

// Where an SVC capture comes from. A renderer names an accepted still by its sha256; only the
// CLI may name a file on disk (docs/architecture.md, "Security": a renderer never makes the core read a file).

export interface CaptureReference {
  captureSha256?: string | undefined;
  svcImagePath?: string | undefined;
}

/** Refuses a file path from a host that did not allow them; `field` names the input field. */
export function requireFilePathsAllowed(allowFilePaths: boolean, command: string, field: string): void {
  if (allowFilePaths) return;
  throw new StationError({
    code: StationErrorCode.invalidInput,
    message: `${command}: "${field}" (a file path) is accepted only from the command line; reference the capture by captureSha256 (an accepted camera still) instead.`,
    detail: { field },
  });
}

/** The capture bytes for a reference, or undefined when none is given. */
export async function resolveCapture(ctx: ChangeContext, allowFilePaths: boolean, command: string, ref: CaptureReference): Promise<Buffer | undefined> {
  return (await resolveCaptureSource(ctx, allowFilePaths, command, ref))?.bytes;
}

/**
 * The capture bytes for a reference and, when they are the camera's accepted still, its file (an enrollment moves it
 * into the capture store instead of copying it: docs/storage.md).
 */
export async function resolveCaptureSource(
  ctx: ChangeContext,
  allowFilePaths: boolean,
  command: string,
  ref: CaptureReference,
): Promise<{ bytes: Buffer; incomingFile?: string } | undefined> {
  if (ref.captureSha256 !== undefined && ref.svcImagePath !== undefined) {
    throw new StationError({
      code: StationErrorCode.invalidInput,
      message: `${command}: give either captureSha256 or svcImagePath, not both.`,
      detail: { field: 'svcImagePath' },
    });
  }
  if (ref.svcImagePath !== undefined) {
    requireFilePathsAllowed(allowFilePaths, command, 'svcImagePath');
    return { bytes: await readImageFile(ref.svcImagePath) };
  }
  if (ref.captureSha256 === undefined) return undefined;
  const incoming = await findIncomingStill(ctx.dataDir, ref.captureSha256);
  if (incoming) {
    const bytes = await readFile(incoming.path).catch(() => undefined);
    if (bytes) return { bytes, incomingFile: incoming.path };
  }
  // A still already committed (e.g. enrolled again after an undo) is in the capture store.
  const stored = readCapture(ctx.db, ref.captureSha256);
  if (stored) return { bytes: stored.data };
  throw new StationError({
    code: StationErrorCode.notFound,
    message: `${command}: no accepted still with captureSha256 "${ref.captureSha256}"; capture it again with the camera.`,
    detail: { field: 'captureSha256' },
  });
}

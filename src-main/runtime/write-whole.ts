// Writing an export file whole or not at all: the content goes to a temporary file beside the
// target, renamed over it once complete. A run that fails halfway (a bad row, a full disk) leaves
// no half-written file for a printer to pick up, and an earlier export at that path stays as it was.

import { randomUUID } from './node-crypto';
import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';

function cannotWrite(path: string, error: unknown): StationError {
  return new StationError({
    code: StationErrorCode.invalidInput,
    message: `Cannot write "${path}": ${(error as Error).message}. Check that the folder exists and the station may write there, then export again.`,
  });
}

function isFileSystemError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).syscall === 'string';
}

/** Writes through `out`, waiting for it to drain when its buffer is full (backpressure). */
export async function writeChunk(out: WriteStream, chunk: string | Buffer): Promise<void> {
  if (out.errored) throw out.errored;
  if (!out.write(chunk)) await once(out, 'drain');
}

/**
 * Runs `write` against a stream to a temporary file in `path`'s folder, then renames it to `path`.
 * On any failure the temporary file is removed and the error rethrown (a file system error as a
 * StationError naming the path).
 */
export async function writeFileWhole<T>(path: string, write: (out: WriteStream) => Promise<T>): Promise<T> {
  const temporary = join(dirname(path), `.${basename(path)}.${randomUUID().slice(0, 8)}.partial`);
  const out = createWriteStream(temporary, { flags: 'wx' });
  // An open or write failure is an 'error' event: kept here, rethrown by writeChunk or finished().
  out.on('error', () => undefined);
  try {
    const result = await write(out);
    out.end();
    // Node's streams load with the first file written, not with every command that might write one
    // (docs/architecture.md, "Start-up").
    const { finished } = await import('node:stream/promises');
    await finished(out);
    await rename(temporary, path);
    return result;
  } catch (error) {
    out.destroy();
    await rm(temporary, { force: true });
    throw isFileSystemError(error) ? cannotWrite(path, error) : error;
  }
}

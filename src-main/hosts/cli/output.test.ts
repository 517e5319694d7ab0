import { afterEach, describe, expect, it, vi } from 'vitest';

// hosts/cli/output.ts writes to the descriptor itself; what a descriptor cannot take now (a non-blocking pipe that is
// full: EAGAIN) goes on through Node's stream, in order, and so does every later write to that descriptor.

const written: { fd: number; text: string }[] = [];
let full = false;

vi.mock('node:fs', async (original) => ({
  ...(await original<typeof import('node:fs')>()),
  writeSync: (fd: number, buffer: Buffer) => {
    if (full) throw Object.assign(new Error('EAGAIN: resource temporarily unavailable, write'), { code: 'EAGAIN' });
    // A pipe with room for 4 bytes: the rest waits.
    const taken = buffer.subarray(0, 4);
    written.push({ fd, text: taken.toString() });
    full = true;
    return taken.length;
  },
}));

afterEach(() => vi.restoreAllMocks());

describe('CLI output', () => {
  it('goes to the descriptor, and on EAGAIN the rest and every later write go through the stream, in order', async () => {
    const { flushOutput, writeStderr, writeStdout } = await import('./output');
    const streamed: string[] = [];
    const stdoutWrite = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array, callback?: unknown) => {
      streamed.push(Buffer.from(chunk).toString());
      if (typeof callback === 'function') (callback as () => void)();
      return true;
    });
    writeStdout('{"answer":1}\n');
    writeStdout('second\n');
    expect(written).toEqual([{ fd: 1, text: '{"an' }]);
    expect(streamed.filter(Boolean)).toEqual(['swer":1}\n', 'second\n']);
    await flushOutput();
    expect(stdoutWrite).toHaveBeenCalledWith('', expect.any(Function));

    // Another descriptor is tried on its own.
    full = false;
    const stderrWrite = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    writeStderr('err\n');
    expect(written.at(-1)).toEqual({ fd: 2, text: 'err\n' });
    expect(stderrWrite).not.toHaveBeenCalled();
  });

  it('an error other than EAGAIN (the reader is gone: EPIPE) is thrown, not swallowed', async () => {
    vi.resetModules();
    vi.doMock('node:fs', async (original) => ({
      ...(await original<typeof import('node:fs')>()),
      writeSync: () => {
        throw Object.assign(new Error('EPIPE: broken pipe, write'), { code: 'EPIPE' });
      },
    }));
    const { writeStdout } = await import('./output');
    expect(() => writeStdout('x\n')).toThrow('EPIPE');
  });
});

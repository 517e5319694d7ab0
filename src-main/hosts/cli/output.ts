import { writeSync } from 'node:fs';
import { createRequire } from 'node:module';

// What a CLI command prints (docs/architecture.md, "Start-up"): written to the file descriptor itself, not through
// process.stdout or process.stderr, whose first use builds a stream (for a pipe, Node's net and stream modules: about a
// tenth of a bare `node -e 1`), so a script's once-per-Label `station --json status` loads none of them. A write the
// descriptor cannot take now (a non-blocking pipe that is full) goes on through Node's stream, and every later write to
// that descriptor follows it there, in order; `flushOutput` waits for those before the process ends.

type Output = 'stdout' | 'stderr';

const DESCRIPTOR: Record<Output, number> = { stdout: 1, stderr: 2 };

/** The outputs handed to Node's stream: written through it from then on, and flushed before the process exits. */
const streamed = new Set<Output>();

function write(output: Output, text: string): void {
  if (streamed.has(output)) {
    process[output].write(text);
    return;
  }
  let rest = Buffer.from(text);
  try {
    while (rest.length > 0) rest = rest.subarray(writeSync(DESCRIPTOR[output], rest));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
    streamed.add(output);
    process[output].write(rest);
  }
}

/** Prints to standard output. */
export function writeStdout(text: string): void {
  write('stdout', text);
}

/** Prints to standard error. */
export function writeStderr(text: string): void {
  write('stderr', text);
}

/** Resolves once everything printed has reached its descriptor (written at once, or flushed by Node's stream). */
export async function flushOutput(): Promise<void> {
  await Promise.all([...streamed].map((output) => new Promise<void>((resolve) => process[output].write('', () => resolve()))));
}

/**
 * Whether standard error is a terminal (a progress line is then rewritten in place). node:tty is loaded at this first
 * ask, not with the command's module: it loads Node's net and stream modules, which `station status` never needs.
 */
export function stderrIsTerminal(): boolean {
  return (createRequire(import.meta.url)('node:tty') as typeof import('node:tty')).isatty(2);
}

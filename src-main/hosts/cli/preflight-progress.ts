import type { PrintPreflight } from '../../../src-shared/ipc/printers';
import type { CliContext } from './context';
import { stderrIsTerminal, writeStderr } from './output';

// The check of a template's labels before they print or are written (docs/print-run.md, "Preflight") takes a while on
// a long run: its progress goes to stderr, so stdout keeps the command's one answer (--json included). On a terminal
// one line is rewritten; in a pipe or a log a line at most every LINE_MS, and the end.

const LINE_MS = 2_000;

/** Follows the station's `print.preflight` events on stderr until the returned function is called. */
export async function followPreflight(ctx: CliContext): Promise<() => void> {
  const station = await ctx.station();
  // Not process.stderr.isTTY: the stream is built only when a write needs it (output.ts).
  const terminal = stderrIsTerminal();
  let lastLine = 0;
  let open = false;
  const say = (event: PrintPreflight) => {
    const words = `Checking labels before printing (template ${event.template}): ${event.checked.toLocaleString('en-US')} of ${event.count.toLocaleString('en-US')}`;
    const ended = event.state !== 'checking';
    const tail =
      event.state === 'passed' ? ', every label passed.' : event.state === 'refused' ? ', refused.' : event.state === 'canceled' ? ', canceled.' : '';
    if (terminal) {
      writeStderr(`\r${words}${tail}${ended ? '\n' : ''}`);
      open = !ended;
      return;
    }
    const now = performance.now();
    if (!ended && event.checked > 0 && now - lastLine < LINE_MS) return;
    lastLine = now;
    writeStderr(`${words}${tail}\n`);
  };
  const unsubscribe = station.subscribe((name, payload) => {
    if (name === 'print.preflight') say(payload as PrintPreflight);
  });
  return () => {
    unsubscribe();
    if (open) writeStderr('\n');
  };
}

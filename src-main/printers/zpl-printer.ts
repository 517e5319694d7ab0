// A ZPL label printer on raw TCP (port 9100 by default; docs/printing.md, "ZPL printers"): labels are sent as the
// print run's ZPL formats, one `^XA … ^XZ` per label, and the printer's `~HS` answer (zpl-status.ts) says its state
// and how far it got.
//
// What "printed" means here: the printer holds the formats it received and has not started in its buffer (`~HS`
// "formats in receive buffer") and the labels of the format it is printing in "labels remaining in batch". Over one
// connection, whose bytes the printer reads in order, every format sent before a `~HS` and no longer in the buffer
// nor being printed has been printed:  printed = sent − formatsInBuffer − (labelsRemaining > 0 ? 1 : 0).
// The station keeps at most WINDOW formats ahead of that count, so a job interrupted (paper out, head open, the
// connection or the station gone) leaves few labels unaccounted, and on a stop it sends `~JA` (cancel all) so the
// printer drops what it had not started.

import { connect, type Socket } from 'node:net';
import { blockingReasons, reasonsInWords } from './reasons';
import { hostStatusEnd, parseHostStatus, zplReasons, type ZplHostStatus } from './zpl-status';
import type { JobOutcome, PrinterStatus } from './types';

const CONNECT_TIMEOUT_MS = 5_000;
const STATUS_TIMEOUT_MS = 5_000;
/** Formats sent ahead of what the printer confirmed. */
const WINDOW = 32;
/** Between two `~HS` while labels are printing. */
const POLL_MS = 25;

class ZplUnreachable extends Error {
  constructor(
    readonly address: string,
    cause: string,
  ) {
    super(`${address}: ${cause}`);
  }
}

/** `HOST:PORT` (port 9100 when left out) of a `zpl://HOST:PORT` URI or the address itself. */
function zplAddress(uri: string): { host: string; port: number } {
  const bare = uri.replace(/^zpl:\/\//, '');
  const match = /^\[?([^\]]+?)\]?(?::(\d+))?$/.exec(bare);
  if (!match) throw new Error(`not HOST:PORT: ${uri}`);
  return { host: match[1] as string, port: match[2] ? Number(match[2]) : 9100 };
}

/** One connection to the printer: bytes out, `~HS` answers in, in order. */
class ZplConnection {
  private buffer = '';
  private waiting: { resolve: (s: ZplHostStatus) => void; reject: (e: Error) => void; timer: NodeJS.Timeout } | undefined;
  private closedWith: Error | undefined;

  private constructor(
    private readonly socket: Socket,
    readonly address: string,
  ) {
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      this.answer();
    });
    const closed = (error?: Error) => {
      this.closedWith ??= new ZplUnreachable(address, error ? `the connection dropped (${error.message})` : 'the printer closed the connection');
      if (this.waiting) {
        clearTimeout(this.waiting.timer);
        this.waiting.reject(this.closedWith);
        this.waiting = undefined;
      }
    };
    socket.on('error', closed);
    socket.on('close', () => closed());
  }

  static open(uri: string): Promise<ZplConnection> {
    const { host, port } = zplAddress(uri);
    const address = `${host}:${port}`;
    return new Promise((resolve, reject) => {
      const socket = connect({ host, port });
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new ZplUnreachable(address, `no connection within ${CONNECT_TIMEOUT_MS / 1000} s`));
      }, CONNECT_TIMEOUT_MS);
      socket.once('connect', () => {
        clearTimeout(timer);
        socket.removeAllListeners('error');
        resolve(new ZplConnection(socket, address));
      });
      socket.once('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        reject(new ZplUnreachable(address, error.code ? `${error.code} (${error.message})` : error.message));
      });
    });
  }

  private answer(): void {
    if (!this.waiting) return;
    const end = hostStatusEnd(this.buffer);
    if (end < 0) return;
    const text = this.buffer.slice(0, end);
    this.buffer = this.buffer.slice(end);
    const { resolve, reject, timer } = this.waiting;
    this.waiting = undefined;
    clearTimeout(timer);
    try {
      resolve(parseHostStatus(text));
    } catch (error) {
      reject(new ZplUnreachable(this.address, `its ~HS answer is not the ZPL II host status (${error instanceof Error ? error.message : String(error)})`));
    }
  }

  write(data: string): Promise<void> {
    if (this.closedWith) return Promise.reject(this.closedWith);
    return new Promise((resolve, reject) => this.socket.write(data, 'utf8', (error) => (error ? reject(this.closedWith ?? error) : resolve())));
  }

  async hostStatus(): Promise<ZplHostStatus> {
    if (this.closedWith) throw this.closedWith;
    const answer = new Promise<ZplHostStatus>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting = undefined;
        reject(new ZplUnreachable(this.address, `no answer to ~HS within ${STATUS_TIMEOUT_MS / 1000} s`));
      }, STATUS_TIMEOUT_MS);
      this.waiting = { resolve, reject, timer };
    });
    await this.write('~HS');
    return answer;
  }

  /** Cancels every format the printer holds and has not started (`~JA`), and waits for its ~HS to show it done. */
  async cancelAll(): Promise<void> {
    await this.write('~JA');
    await this.hostStatus();
  }

  /** Ends the connection once what was written is sent (never cutting off a ~JA). */
  close(): void {
    this.socket.end();
    setTimeout(() => this.socket.destroy(), CONNECT_TIMEOUT_MS).unref();
  }
}

function statusOf(status: ZplHostStatus): PrinterStatus {
  const reasons = zplReasons(status);
  const blocking = blockingReasons(reasons);
  const state = blocking.length ? 'stopped' : status.formatsInBuffer > 0 || status.labelsRemaining > 0 ? 'printing' : 'idle';
  const message = blocking.length ? reasonsInWords(blocking) : state === 'printing' ? `printing, ${status.formatsInBuffer} label(s) waiting` : 'ready';
  return { state, reasons, message, formats: ['application/vnd.zebra-zpl'] };
}

export async function zplStatus(uri: string): Promise<PrinterStatus> {
  let connection: ZplConnection | undefined;
  try {
    connection = await ZplConnection.open(uri);
    return statusOf(await connection.hostStatus());
  } catch (error) {
    return { state: 'unreachable', reasons: ['offline'], message: `not reachable at ${error instanceof Error ? error.message : String(error)}`, formats: [] };
  } finally {
    connection?.close();
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Prints `labels` (one ZPL format each, in order) and reports the count the printer confirmed as it grows. Ends
 * `done` when every label is confirmed, `stopped` (with the reason in words) when the printer stops, the connection
 * drops, or `signal` aborts.
 */
export async function runZplJob(uri: string, labels: readonly string[], confirmed: (count: number) => void, signal: AbortSignal): Promise<JobOutcome> {
  let connection: ZplConnection;
  try {
    connection = await ZplConnection.open(uri);
  } catch (error) {
    return { outcome: 'stopped', cause: 'unreachable', reason: `printer unreachable: ${error instanceof Error ? error.message : String(error)}` };
  }
  let sent = 0;
  let printed = 0;
  try {
    while (printed < labels.length) {
      if (signal.aborted) {
        await connection.cancelAll().catch(() => undefined);
        return { outcome: 'stopped', cause: 'stopped', reason: String(signal.reason ?? 'stopped') };
      }
      let block = '';
      while (sent < labels.length && sent < printed + WINDOW) block += labels[sent++];
      if (block) await connection.write(block);
      const status = await connection.hostStatus();
      const now = Math.min(sent, Math.max(printed, sent - status.formatsInBuffer - (status.labelsRemaining > 0 ? 1 : 0)));
      if (now > printed) {
        printed = now;
        confirmed(printed);
      }
      const blocking = blockingReasons(zplReasons(status));
      if (blocking.length) {
        // What the printer holds and has not started is dropped, so nothing prints that is not on record.
        await connection.cancelAll().catch(() => undefined);
        return { outcome: 'stopped', cause: 'printer', reason: reasonsInWords(blocking), reasons: blocking };
      }
      if (printed < labels.length && sent - printed >= WINDOW) await delay(POLL_MS);
      else if (printed < sent) await delay(POLL_MS);
    }
    return { outcome: 'done' };
  } catch (error) {
    return { outcome: 'stopped', cause: 'unreachable', reason: `connection dropped: ${error instanceof Error ? error.message : String(error)}` };
  } finally {
    connection.close();
  }
}

// A ZPL label printer on raw TCP (port 9100 by default; docs/printing.md, "ZPL printers"): labels are sent as the
// print run's ZPL formats, one `^XA … ^XZ` per label, and the printer's `~HS` answer (zpl-status.ts) says its state
// and how far it got.
//
// What "printed" means here: the printer holds the formats it received and has not started in its buffer (`~HS`
// "formats in receive buffer") and the labels of the format it is printing in "labels remaining in batch". Over one
// connection, whose bytes the printer reads in order, every format sent before a `~HS` and no longer in the buffer
// nor being printed has been printed:  printed = sent − formatsInBuffer − (labelsRemaining > 0 ? 1 : 0).
//
// A printer prints what its buffer holds after the connection drops or the station dies, so after any interruption
// the record is the printer's own count (docs/printing.md, "After an interruption"): its label odometer (Link-OS
// `! U1 getvar "odometer.total_label_count"`, asked on the same port) when the job started and once the printer is
// done; printed = the difference. A printer without an odometer gets no more formats ahead than it needs to print at
// full speed (the window grows only when the printer ran dry), and the labels sent and not confirmed are
// `unconfirmed`, never "not printed". On a stop the station sends `~JA` (cancel all) so the printer drops what it had
// not started.

import { connect, type Socket } from 'node:net';
import { blockingReasons, reasonsInWords } from './reasons';
import { hostStatusEnd, parseHostStatus, zplReasons, type ZplHostStatus } from './zpl-status';
import type { JobOutcome, PrinterStatus } from './types';

const CONNECT_TIMEOUT_MS = 5_000;
const STATUS_TIMEOUT_MS = 5_000;
/** Formats sent ahead of what the printer confirmed, when its odometer tells what it printed after an interruption. */
const WINDOW = 32;
/** Without an odometer: the window it starts with (it grows by one each time the printer ran dry, up to WINDOW). */
const SMALL_WINDOW = 2;
/** How long a printer has to answer the odometer's getvar (a printer without SGD answers nothing). */
const ODOMETER_TIMEOUT_MS = 1_500;
/** After an interruption: how long the printer may take to finish its buffer before the rest is canceled (~JA). */
const SETTLE_MS = 15_000;
const ODOMETER_GETVAR = '! U1 getvar "odometer.total_label_count"\r\n';
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
  private waiting:
    | { kind: 'hs'; resolve: (s: ZplHostStatus) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }
    | { kind: 'odometer'; resolve: (n: number | null) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }
    | undefined;
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

  static open(uri: string, timeoutMs = CONNECT_TIMEOUT_MS): Promise<ZplConnection> {
    const { host, port } = zplAddress(uri);
    const address = `${host}:${port}`;
    return new Promise((resolve, reject) => {
      const socket = connect({ host, port });
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new ZplUnreachable(address, `no connection within ${timeoutMs / 1000} s`));
      }, timeoutMs);
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
    if (this.waiting.kind === 'odometer') {
      // The getvar's answer is a quoted string: the count, or "?" where the printer has no such variable.
      const match = /"([^"]*)"/.exec(this.buffer);
      if (!match) return;
      this.buffer = this.buffer.slice(match.index + match[0].length);
      const { resolve, timer } = this.waiting;
      this.waiting = undefined;
      clearTimeout(timer);
      const value = (match[1] as string).trim();
      resolve(/^\d+$/.test(value) ? Number(value) : null);
      return;
    }
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

  async hostStatus(timeoutMs = STATUS_TIMEOUT_MS): Promise<ZplHostStatus> {
    if (this.closedWith) throw this.closedWith;
    const answer = new Promise<ZplHostStatus>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting = undefined;
        reject(new ZplUnreachable(this.address, `no answer to ~HS within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      this.waiting = { kind: 'hs', resolve, reject, timer };
    });
    await this.write('~HS');
    return answer;
  }

  /** The printer's label odometer, or null when it has none (no answer, or "?"). */
  async odometer(): Promise<number | null> {
    if (this.closedWith) throw this.closedWith;
    const answer = new Promise<number | null>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting = undefined;
        resolve(null);
      }, ODOMETER_TIMEOUT_MS);
      this.waiting = { kind: 'odometer', resolve, reject, timer };
    });
    await this.write(ODOMETER_GETVAR);
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

/** The printer's state; `timeoutMs` for the connection and for the answer each (a watch asks with less). */
export async function zplStatus(uri: string, timeoutMs?: number): Promise<PrinterStatus> {
  let connection: ZplConnection | undefined;
  try {
    connection = await ZplConnection.open(uri, timeoutMs);
    return statusOf(await connection.hostStatus(timeoutMs));
  } catch (error) {
    return { state: 'unreachable', reasons: ['offline'], message: `not reachable at ${error instanceof Error ? error.message : String(error)}`, formats: [] };
  } finally {
    connection?.close();
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Printers (by address) that did not answer the odometer: asked once a process, so each job does not wait for it. */
const withoutOdometer = new Set<string>();

async function readOdometer(connection: ZplConnection): Promise<number | null> {
  if (withoutOdometer.has(connection.address)) return null;
  const value = await connection.odometer();
  if (value === null) withoutOdometer.add(connection.address);
  return value;
}

export interface ZplJobCallbacks {
  /** The printer's label odometer as the job starts (null: it has none). */
  started(odometer: number | null): void;
  /** `count` formats of the job are about to be written to the printer. */
  sending(count: number): void;
  /** The printer confirmed `count` labels. */
  confirmed(count: number): void;
}

/**
 * Prints `labels` (one ZPL format each, in order) and reports the count the printer confirmed as it grows. Ends
 * `done` when every label is confirmed, `stopped` (with the reason in words) when the printer stops, the connection
 * drops, or `signal` aborts.
 */
export async function runZplJob(uri: string, labels: readonly string[], callbacks: ZplJobCallbacks, signal: AbortSignal): Promise<JobOutcome> {
  let connection: ZplConnection;
  try {
    connection = await ZplConnection.open(uri);
  } catch (error) {
    return { outcome: 'stopped', cause: 'unreachable', reason: `printer unreachable: ${error instanceof Error ? error.message : String(error)}` };
  }
  let sent = 0;
  let printed = 0;
  try {
    const odometer = await readOdometer(connection);
    callbacks.started(odometer);
    let window = odometer === null ? SMALL_WINDOW : WINDOW;
    while (printed < labels.length) {
      if (signal.aborted) {
        await connection.cancelAll().catch(() => undefined);
        return { outcome: 'stopped', cause: 'stopped', reason: String(signal.reason ?? 'stopped') };
      }
      let block = '';
      const from = sent;
      while (sent < labels.length && sent < printed + window) block += labels[sent++];
      if (block) {
        callbacks.sending(sent);
        await connection.write(block);
      }
      const status = await connection.hostStatus();
      const now = Math.min(sent, Math.max(printed, sent - status.formatsInBuffer - (status.labelsRemaining > 0 ? 1 : 0)));
      if (now > printed) {
        printed = now;
        callbacks.confirmed(printed);
      }
      const blocking = blockingReasons(zplReasons(status));
      if (blocking.length) {
        // What the printer holds and has not started is dropped, so nothing prints that is not on record.
        await connection.cancelAll().catch(() => undefined);
        return { outcome: 'stopped', cause: 'printer', reason: reasonsInWords(blocking), reasons: blocking };
      }
      // Every format sent before this round was printed by now: the printer may have run dry while the station
      // waited, so it needs one more ahead to print at full speed (measured so, a printer without an odometer is given
      // no more than that).
      if (from > 0 && now >= from && sent < labels.length && window < WINDOW) window += 1;
      if (printed < sent) await delay(POLL_MS);
    }
    return { outcome: 'done' };
  } catch (error) {
    return { outcome: 'stopped', cause: 'unreachable', reason: `connection dropped: ${error instanceof Error ? error.message : String(error)}` };
  } finally {
    connection.close();
  }
}

/**
 * What the printer printed of a job interrupted (docs/printing.md, "After an interruption"), by its odometer: waits
 * until the printer finished what it holds (SETTLE_MS at most; then, or when it is stopped, the rest is canceled
 * with `~JA`), then `printed` = odometer − `odometerStart`, at most `sent`; `unconfirmed` is 1 when a label was still
 * in the printer's hands. Null when the printer cannot be reached or has no odometer.
 */
export async function zplPrinted(uri: string, odometerStart: number, sent: number): Promise<{ printed: number; unconfirmed: number } | null> {
  let connection: ZplConnection | undefined;
  try {
    connection = await ZplConnection.open(uri);
    const deadline = Date.now() + SETTLE_MS;
    let canceled = false;
    let status = await connection.hostStatus();
    while (status.formatsInBuffer > 0 || status.labelsRemaining > 0) {
      const blocked = blockingReasons(zplReasons(status)).length > 0;
      if (blocked || Date.now() > deadline) {
        if (!canceled) await connection.cancelAll();
        canceled = true;
        if (blocked || Date.now() > deadline + SETTLE_MS) break;
      }
      await delay(POLL_MS * 4);
      status = await connection.hostStatus();
    }
    const odometer = await connection.odometer();
    if (odometer === null) return null;
    const printed = Math.max(0, Math.min(sent, odometer - odometerStart));
    return { printed, unconfirmed: status.labelsRemaining > 0 && printed < sent ? 1 : 0 };
  } catch {
    return null;
  } finally {
    connection?.close();
  }
}

import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { StationError, StationErrorCode } from '../../../src-shared/ipc/station-error';
import type { StationOptions } from '../../station';

// The Reel report as a PDF from the report page itself (its uPlot charts included): Chromium, headless, opens the
// web host's report route and prints it. Chromium is driven over the DevTools protocol on a pipe
// (--remote-debugging-pipe: JSON messages ending in a NUL byte, our commands on fd 3, its answers on fd 4), so the
// page is printed only once it says it has drawn everything (`data-report-ready` on <html>), not at load.

export type ReportPrinter = NonNullable<StationOptions['printReport']>;

const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];
/** How long a report page may take to fetch its data and draw its charts. */
const READY_TIMEOUT_MS = 60_000;
const READY_POLL_MS = 100;

/** The Chromium to print with: $CHROMIUM_PATH, else the first of the usual Debian paths. Throws naming what to install. */
export function requireChromium(env: NodeJS.ProcessEnv = process.env, candidates: readonly string[] = CHROMIUM_CANDIDATES): string {
  const named = env['CHROMIUM_PATH'];
  if (named) {
    if (existsSync(named)) return named;
    throw new StationError({
      code: StationErrorCode.pdfUnavailable,
      message: `CHROMIUM_PATH names "${named}", which does not exist, and the report PDF is printed with Chromium: install Chromium (Debian: "apt-get install chromium") and point CHROMIUM_PATH at it, or unset CHROMIUM_PATH to use the installed one.`,
    });
  }
  const found = candidates.find((path) => existsSync(path));
  if (found) return found;
  throw new StationError({
    code: StationErrorCode.pdfUnavailable,
    message:
      'Chromium is not installed, and the report PDF is printed with it: install Chromium (Debian: "apt-get install chromium"), or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  });
}

/**
 * Waits until the report page says it is ready: `evaluate` reads `document.documentElement.dataset.reportReady`
 * ("ready", or "error: …" when the page could not show the report).
 */
export async function waitForReportReady(evaluate: () => Promise<string>, timeoutMs = READY_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await evaluate();
    if (state === 'ready') return;
    if (state.startsWith('error'))
      throw new StationError({
        code: StationErrorCode.pdfUnavailable,
        message: `The report page could not show the report: ${state.slice('error:'.length).trim()}`,
      });
    if (Date.now() > deadline) {
      throw new StationError({
        code: StationErrorCode.pdfUnavailable,
        message: `The report page did not finish drawing within ${Math.round(timeoutMs / 1000)} s; try again, and check that the station UI is built ("npm run build").`,
      });
    }
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
  }
}

export const READY_EXPRESSION = "document.documentElement.dataset.reportReady ?? ''";

interface Pending {
  resolve(value: Record<string, unknown>): void;
  reject(error: Error): void;
}

/** One DevTools protocol connection over Chromium's pipe. */
class PipeConnection {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private buffer = Buffer.alloc(0);

  constructor(
    private readonly toChromium: Writable,
    fromChromium: Readable,
  ) {
    fromChromium.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      let end: number;
      while ((end = this.buffer.indexOf(0)) >= 0) {
        const message = JSON.parse(this.buffer.subarray(0, end).toString('utf8')) as {
          id?: number;
          result?: Record<string, unknown>;
          error?: { message: string };
        };
        this.buffer = this.buffer.subarray(end + 1);
        const waiting = message.id === undefined ? undefined : this.pending.get(message.id);
        if (!waiting || message.id === undefined) continue;
        this.pending.delete(message.id);
        if (message.error) waiting.reject(new Error(message.error.message));
        else waiting.resolve(message.result ?? {});
      }
    });
  }

  send(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<Record<string, unknown>> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.toChromium.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    });
  }

  failAll(error: Error): void {
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Prints `url` to PDF (A4, backgrounds on) with a headless Chromium once the page is ready. `headers` go with every
 * request of the page (the web host's bearer token).
 */
export async function printPageToPdf(url: string, options: { headers?: Record<string, string>; chromium?: string; timeoutMs?: number } = {}): Promise<Buffer> {
  const chromium = options.chromium ?? requireChromium();
  // node:child_process loads here, not with every CLI command (docs/architecture.md, "Start-up").
  const { spawn } = await import('node:child_process');
  const profile = mkdtempSync(join(tmpdir(), 'station-print-'));
  const child = spawn(
    chromium,
    [
      '--headless',
      // Chromium's sandbox cannot start as root or in most containers; this Chromium opens only the station's own
      // report page on 127.0.0.1, with a fresh profile that is removed afterwards.
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--hide-scrollbars',
      '--remote-debugging-pipe',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  const connection = new PipeConnection(child.stdio[3] as Writable, child.stdio[4] as Readable);
  const failed = new Promise<never>((_, reject) => {
    child.once('error', (error) =>
      reject(new StationError({ code: StationErrorCode.pdfUnavailable, message: `Chromium (${chromium}) could not be started: ${error.message}` })),
    );
    child.once('exit', (code, signal) => {
      const error = new StationError({
        code: StationErrorCode.pdfUnavailable,
        message: `Chromium (${chromium}) stopped while printing (exit ${code ?? signal}): ${stderr.trim().split('\n').at(-1) ?? ''}`,
      });
      connection.failAll(error);
      reject(error);
    });
  });
  failed.catch(() => undefined);
  const print = async (): Promise<Buffer> => {
    const { targetId } = (await connection.send('Target.createTarget', { url: 'about:blank' })) as { targetId: string };
    const { sessionId } = (await connection.send('Target.attachToTarget', { targetId, flatten: true })) as { sessionId: string };
    if (options.headers) {
      await connection.send('Network.enable', {}, sessionId);
      await connection.send('Network.setExtraHTTPHeaders', { headers: options.headers }, sessionId);
    }
    const navigated = (await connection.send('Page.navigate', { url }, sessionId)) as { errorText?: string };
    if (navigated.errorText)
      throw new StationError({ code: StationErrorCode.pdfUnavailable, message: `Chromium could not open the report page ${url}: ${navigated.errorText}` });
    await waitForReportReady(async () => {
      const answer = (await connection.send('Runtime.evaluate', { expression: READY_EXPRESSION, returnByValue: true }, sessionId)) as {
        result?: { value?: unknown };
      };
      return typeof answer.result?.value === 'string' ? answer.result.value : '';
    }, options.timeoutMs);
    const { data } = (await connection.send(
      'Page.printToPDF',
      { printBackground: true, paperWidth: 8.27, paperHeight: 11.69, marginTop: 0.4, marginBottom: 0.4, marginLeft: 0.4, marginRight: 0.4 },
      sessionId,
    )) as { data: string };
    return Buffer.from(data, 'base64');
  };
  try {
    return await Promise.race([print(), failed]);
  } finally {
    child.removeAllListeners('exit');
    if (child.exitCode === null && child.signalCode === null) {
      await connection.send('Browser.close').catch(() => undefined);
      const closing = exited(child);
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await closing;
      clearTimeout(timer);
    }
    rmSync(profile, { recursive: true, force: true });
  }
}

/** A report page's route in print mode, in the language asked for: `/report?reel=…` or `/shift?day=…&offset=…`. */
export function printRoute(request: Parameters<ReportPrinter>[0]): string {
  const params =
    request.page === 'reel'
      ? new URLSearchParams({ reel: request.reelId, print: '1', lang: request.locale })
      : new URLSearchParams({ day: request.day, offset: String(request.utcOffsetMinutes), print: '1', lang: request.locale });
  return `/${request.page === 'reel' ? 'report' : 'shift'}?${params.toString()}`;
}

/** A report page's address on a web host (printRoute). */
export function reportPageUrl(hostUrl: string, request: Parameters<ReportPrinter>[0]): string {
  return `${hostUrl.replace(/\/?$/, '/')}#${printRoute(request)}`;
}

/**
 * The web host's printer (serve, and the CLI's `report --pdf`): Chromium prints the host's own report page. The
 * station is built before its web host listens, so the printer is bound to the host once it does.
 */
export function chromiumReportPrinter(): { print: ReportPrinter; bind(host: { url: string; token: string }): void } {
  let host: { url: string; token: string } | undefined;
  return {
    bind(next) {
      host = next;
    },
    async print(request) {
      if (!host)
        throw new StationError({
          code: StationErrorCode.pdfUnavailable,
          message: 'The web host is not listening yet, so its report page cannot be printed; try again in a moment.',
        });
      return printPageToPdf(reportPageUrl(host.url, request), { headers: { authorization: `Bearer ${host.token}` } });
    },
  };
}

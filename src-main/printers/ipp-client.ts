// An IPP client for the operations printing needs (docs/printing.md, "IPP printers"): Get-Printer-Attributes,
// Print-Job, Get-Job-Attributes and Cancel-Job, over HTTP POST with `application/ipp` (RFC 8010, RFC 8011). The
// messages are encoded and decoded by `ipp-encoder`; the transport is node:http(s) with a timeout, so an unreachable
// printer is said within seconds.

import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import ipp, { type IppAttribute, type IppRequest } from 'ipp-encoder';

const C = ipp.CONSTANTS as Record<string, number>;
const OP = { printJob: 0x02, cancelJob: 0x08, getJobAttributes: 0x09, getPrinterAttributes: 0x0b } as const;
/** RFC 8011 §5.3.7: job-state. */
const JOB_STATES: Record<number, IppJobState> = {
  3: 'pending',
  4: 'pending-held',
  5: 'processing',
  6: 'processing-stopped',
  7: 'canceled',
  8: 'aborted',
  9: 'completed',
};
type IppJobState = 'pending' | 'pending-held' | 'processing' | 'processing-stopped' | 'canceled' | 'aborted' | 'completed';
/** RFC 8011 §5.4.11: printer-state. */
const PRINTER_STATES: Record<number, IppPrinterState> = { 3: 'idle', 4: 'processing', 5: 'stopped' };
type IppPrinterState = 'idle' | 'processing' | 'stopped';

const TIMEOUT_MS = 5_000;
/** A document goes at the pace the printer reads it; only a printer silent this long counts as gone. */
const SEND_TIMEOUT_MS = 60_000;

/** The printer could not be reached (refused, no route, no answer, not IPP); `address` names it. */
export class IppUnreachable extends Error {
  constructor(
    readonly address: string,
    cause: string,
  ) {
    super(`${address}: ${cause}`);
  }
}

/** The printer answered with an IPP error status (`status` its keyword, e.g. client-error-document-format-not-supported). */
export class IppStatusError extends Error {
  constructor(
    readonly status: string,
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

type Attributes = Map<string, unknown[]>;

export interface IppPrinterAttributes {
  state: IppPrinterState;
  reasons: string[];
  message: string;
  formats: string[];
  media: string[];
  makeAndModel: string;
}

export interface IppJobStatus {
  state: IppJobState;
  reasons: string[];
  impressionsCompleted: number;
}

function httpUrl(uri: string): URL {
  const url = new URL(uri);
  if (url.protocol !== 'ipp:' && url.protocol !== 'ipps:') throw new Error(`not an ipp:// or ipps:// URI: ${uri}`);
  const http = new URL(uri.replace(/^ipps?:/, url.protocol === 'ipps:' ? 'https:' : 'http:'));
  if (!url.port) http.port = '631';
  return http;
}

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'value' in value) return String((value as { value: unknown }).value);
  return String(value);
}

let nextRequestId = 1;

export class IppClient {
  private readonly url: URL;

  constructor(readonly uri: string) {
    this.url = httpUrl(uri);
  }

  private operation(operationId: number, attributes: IppAttribute[], jobAttributes: IppAttribute[] = []): IppRequest {
    return {
      version: { major: 2, minor: 0 },
      operationId,
      requestId: nextRequestId++,
      groups: [
        {
          tag: C.OPERATION_ATTRIBUTES_TAG as number,
          attributes: [
            { tag: C.CHARSET as number, name: 'attributes-charset', value: ['utf-8'] },
            { tag: C.NATURAL_LANG as number, name: 'attributes-natural-language', value: ['en'] },
            { tag: C.URI as number, name: 'printer-uri', value: [this.uri] },
            { tag: C.NAME_WITHOUT_LANG as number, name: 'requesting-user-name', value: ['enrollment-station'] },
            ...attributes,
          ],
        },
        ...(jobAttributes.length ? [{ tag: C.JOB_ATTRIBUTES_TAG as number, attributes: jobAttributes }] : []),
      ],
    };
  }

  /** Sends one request (and a document after it) and decodes the answer; every attribute of every group by name. */
  private send(message: IppRequest, document?: Buffer, timeoutMs = TIMEOUT_MS): Promise<Attributes> {
    const head = Buffer.alloc(ipp.request.encodingLength(message));
    ipp.request.encode(message, head);
    const body = document ? [head, document] : [head];
    const length = body.reduce((n, b) => n + b.length, 0);
    const address = `${this.url.hostname}:${this.url.port}`;
    return new Promise((resolve, reject) => {
      const req = (this.url.protocol === 'https:' ? httpsRequest : httpRequest)(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/ipp', 'content-length': String(length) },
        timeout: timeoutMs,
      });
      req.on('timeout', () => req.destroy(new IppUnreachable(address, `no answer within ${Math.round(timeoutMs / 1000)} s`)));
      req.on('error', (error: NodeJS.ErrnoException) =>
        reject(error instanceof IppUnreachable ? error : new IppUnreachable(address, error.code ? `${error.code} (${error.message})` : error.message)),
      );
      req.on('response', (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', (error) => reject(new IppUnreachable(address, error.message)));
        res.on('end', () => {
          if (res.statusCode !== 200) {
            reject(new IppUnreachable(address, `HTTP ${String(res.statusCode)} to an IPP request: is this the printer's IPP address?`));
            return;
          }
          try {
            const answer = ipp.response.decode(Buffer.concat(chunks));
            const attributes: Attributes = new Map();
            for (const group of answer.groups) for (const a of group.attributes) attributes.set(a.name, a.value);
            if (answer.statusCode >= 0x0100) {
              const status = ipp.STATUS_CODES[answer.statusCode] ?? `0x${answer.statusCode.toString(16)}`;
              const said = attributes.get('status-message')?.map(text).join(' ');
              reject(new IppStatusError(status, answer.statusCode, said ? `${status}: ${said}` : status));
              return;
            }
            resolve(attributes);
          } catch (error) {
            reject(new IppUnreachable(address, `its answer is not IPP (${error instanceof Error ? error.message : String(error)})`));
          }
        });
      });
      for (const part of body) req.write(part);
      req.end();
    });
  }

  async printerAttributes(): Promise<IppPrinterAttributes> {
    const wanted = [
      'printer-state',
      'printer-state-reasons',
      'printer-state-message',
      'document-format-supported',
      'media-supported',
      'media-ready',
      'printer-make-and-model',
    ];
    const a = await this.send(this.operation(OP.getPrinterAttributes, [{ tag: C.KEYWORD as number, name: 'requested-attributes', value: wanted }]));
    const strings = (name: string) => (a.get(name) ?? []).map(text);
    return {
      state: PRINTER_STATES[Number(a.get('printer-state')?.[0])] ?? 'idle',
      reasons: strings('printer-state-reasons'),
      message: strings('printer-state-message').join(' '),
      formats: strings('document-format-supported'),
      media: [...new Set([...strings('media-ready'), ...strings('media-supported')])],
      makeAndModel: strings('printer-make-and-model').join(' '),
    };
  }

  /** Print-Job: the document in `format`; the printer's job id. */
  async printJob(document: Buffer, format: string, jobName: string): Promise<number> {
    const a = await this.send(
      this.operation(OP.printJob, [
        { tag: C.NAME_WITHOUT_LANG as number, name: 'job-name', value: [jobName] },
        { tag: C.MIME_MEDIA_TYPE as number, name: 'document-format', value: [format] },
      ]),
      document,
      SEND_TIMEOUT_MS,
    );
    const id = Number(a.get('job-id')?.[0]);
    if (!Number.isInteger(id)) throw new IppStatusError('no-job-id', 0, 'the printer took the job but gave no job-id');
    return id;
  }

  async jobStatus(jobId: number): Promise<IppJobStatus> {
    const a = await this.send(
      this.operation(OP.getJobAttributes, [
        { tag: C.INTEGER as number, name: 'job-id', value: [jobId] },
        { tag: C.KEYWORD as number, name: 'requested-attributes', value: ['job-state', 'job-state-reasons', 'job-impressions-completed'] },
      ]),
    );
    return {
      state: JOB_STATES[Number(a.get('job-state')?.[0])] ?? 'pending',
      reasons: (a.get('job-state-reasons') ?? []).map(text),
      impressionsCompleted: Number(a.get('job-impressions-completed')?.[0] ?? 0) || 0,
    };
  }

  async cancelJob(jobId: number): Promise<void> {
    try {
      await this.send(this.operation(OP.cancelJob, [{ tag: C.INTEGER as number, name: 'job-id', value: [jobId] }]));
    } catch (error) {
      // A job that ended meanwhile cannot be canceled: nothing is left to stop.
      if (error instanceof IppStatusError && (error.status === 'client-error-not-possible' || error.status === 'client-error-gone')) return;
      throw error;
    }
  }
}

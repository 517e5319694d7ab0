// The pino-compatible subset the client logs through, and a wrapper that keeps the API key out of every line.

type LogFn = (obj: Record<string, unknown>, msg?: string) => void;

export interface ServiceLogger {
  debug: LogFn;
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}

const noop: LogFn = () => undefined;
export const silentLogger: ServiceLogger = { debug: noop, info: noop, warn: noop, error: noop };

const REDACTED = '[redacted]';

function scrub(value: unknown, secret: string, depth: number): unknown {
  if (typeof value === 'string') return value.includes(secret) ? value.split(secret).join(REDACTED) : value;
  if (depth > 6 || typeof value !== 'object' || value === null) return value;
  if (value instanceof Error) return scrub({ name: value.name, message: value.message }, secret, depth + 1);
  if (Array.isArray(value)) return value.map((v) => scrub(v, secret, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = /api[-_]?key/i.test(k) ? REDACTED : scrub(v, secret, depth + 1);
  return out;
}

/**
 * Wraps a logger so that the secret never reaches it, even when a service message or an error echoes it back.
 * spec: Authentication 1 — the key belongs to a Service Account; logs are shared with support, keys are not.
 */
export function redactingLogger(logger: ServiceLogger, secret: string): ServiceLogger {
  if (secret === '') return logger;
  const wrap =
    (fn: LogFn): LogFn =>
    (obj, msg) =>
      fn(scrub(obj, secret, 0) as Record<string, unknown>, msg === undefined ? undefined : (scrub(msg, secret, 0) as string));
  return {
    debug: wrap(logger.debug.bind(logger)),
    info: wrap(logger.info.bind(logger)),
    warn: wrap(logger.warn.bind(logger)),
    error: wrap(logger.error.bind(logger)),
  };
}

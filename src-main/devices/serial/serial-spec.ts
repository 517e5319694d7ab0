import type { SerialSettingsInput } from '../../../src-shared/ipc/devices';

/** Thrown for a malformed `--serial` / STATION_SERIAL_PORTS entry. */
export class SerialSpecError extends Error {
  readonly code = 'INVALID_SERIAL_SPEC';
}

const PARITY = { N: 'none', E: 'even', O: 'odd', M: 'mark', S: 'space' } as const;

/** `8N1`, `7E1`, `8N2`, `8N1.5`: data bits, parity letter, stop bits (the usual terminal notation). */
function parseFraming(spec: string, framing: string): Pick<SerialSettingsInput, 'dataBits' | 'parity' | 'stopBits'> {
  const match = /^([5-8])([NEOMS])(1|1\.5|2)$/i.exec(framing);
  if (!match) throw new SerialSpecError(`"${spec}": the framing "${framing}" is not data bits, parity and stop bits like 8N1 or 7E1.`);
  return {
    dataBits: Number(match[1]) as 5 | 6 | 7 | 8,
    parity: PARITY[(match[2] as string).toUpperCase() as keyof typeof PARITY],
    stopBits: Number(match[3]) as 1 | 1.5 | 2,
  };
}

/**
 * `PATH[:BAUD[:FRAMING]]` (the CLI's `--serial` and STATION_SERIAL_PORTS entries) → serial settings,
 * e.g. `/dev/ttyACM0`, `/dev/ttyUSB0:9600`, `/dev/ttyUSB0:9600:7E1`. A path may itself hold colons
 * (`/dev/serial/by-id/…`): only a trailing baud (and framing) is split off.
 */
export function parseSerialSpec(spec: string): SerialSettingsInput {
  const trimmed = spec.trim();
  if (!trimmed) throw new SerialSpecError('An empty serial port entry: give PATH, PATH:BAUD or PATH:BAUD:FRAMING, e.g. /dev/ttyACM0:9600:8N1.');
  const withFraming = /^(.+):(\d+):([^:]+)$/.exec(trimmed);
  if (withFraming) {
    const baudRate = Number(withFraming[2]);
    if (baudRate <= 0) throw new SerialSpecError(`"${spec}": the baud rate must be a positive number.`);
    return { path: withFraming[1] as string, baudRate, ...parseFraming(spec, withFraming[3] as string) };
  }
  const withBaud = /^(.+):(\d+)$/.exec(trimmed);
  if (withBaud) {
    const baudRate = Number(withBaud[2]);
    if (baudRate <= 0) throw new SerialSpecError(`"${spec}": the baud rate must be a positive number.`);
    return { path: withBaud[1] as string, baudRate };
  }
  return { path: trimmed };
}

/** STATION_SERIAL_PORTS: comma-separated `PATH[:BAUD[:FRAMING]]` entries. */
export function parseSerialList(value: string | undefined): SerialSettingsInput[] {
  if (!value?.trim()) return [];
  return value
    .split(',')
    .filter((s) => s.trim())
    .map(parseSerialSpec);
}

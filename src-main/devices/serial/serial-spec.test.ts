import { describe, expect, it } from 'vitest';
import { parseSerialList, parseSerialSpec, SerialSpecError } from './serial-spec';

describe('--serial PATH[:BAUD[:FRAMING]]', () => {
  it('takes a path alone, with a baud rate, and with framing', () => {
    expect(parseSerialSpec('/dev/ttyACM0')).toEqual({ path: '/dev/ttyACM0' });
    expect(parseSerialSpec('/dev/ttyUSB0:9600')).toEqual({ path: '/dev/ttyUSB0', baudRate: 9600 });
    expect(parseSerialSpec('/dev/ttyUSB0:9600:7E1')).toEqual({ path: '/dev/ttyUSB0', baudRate: 9600, dataBits: 7, parity: 'even', stopBits: 1 });
    expect(parseSerialSpec('/dev/ttyS1:115200:8n2')).toEqual({ path: '/dev/ttyS1', baudRate: 115200, dataBits: 8, parity: 'none', stopBits: 2 });
    expect(parseSerialSpec('/dev/ttyS1:19200:5O1.5')).toMatchObject({ dataBits: 5, parity: 'odd', stopBits: 1.5 });
  });

  it('keeps colons inside a path', () => {
    expect(parseSerialSpec('/dev/serial/by-id/usb-Honeywell:1234-if00:9600')).toEqual({ path: '/dev/serial/by-id/usb-Honeywell:1234-if00', baudRate: 9600 });
  });

  it('names what is wrong', () => {
    expect(() => parseSerialSpec('  ')).toThrow(SerialSpecError);
    expect(() => parseSerialSpec('/dev/ttyUSB0:0')).toThrow(/baud rate must be a positive number/);
    expect(() => parseSerialSpec('/dev/ttyUSB0:9600:9X3')).toThrow(/framing "9X3" is not data bits, parity and stop bits like 8N1/);
  });

  it('reads STATION_SERIAL_PORTS as a comma-separated list', () => {
    expect(parseSerialList('/dev/ttyA:9600:7E1, /dev/ttyB')).toEqual([
      { path: '/dev/ttyA', baudRate: 9600, dataBits: 7, parity: 'even', stopBits: 1 },
      { path: '/dev/ttyB' },
    ]);
    expect(parseSerialList(undefined)).toEqual([]);
  });
});

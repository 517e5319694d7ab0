import { describe, expect, it } from 'vitest';
import { urlTail } from './url-tail';

// The URL the Bench's NFC slot will write, shortened to fit its line: the serial at the end always shows
// (docs/devices.md, "Encoding a chip").

describe('urlTail', () => {
  it('splits before the last path segment, the serial', () => {
    expect(urlTail('https://ex.test/CHIP-0001')).toEqual({ head: 'https://ex.test/', tail: 'CHIP-0001' });
    expect(urlTail('https://id.example.test/01/09506000134352/21/NFC-0042')).toEqual({
      head: 'https://id.example.test/01/09506000134352/21/',
      tail: 'NFC-0042',
    });
  });

  it('keeps a Digital Link’s query, and a trailing slash, with the last segment', () => {
    expect(urlTail('https://id.gs1.org/01/09506000134352/21/ABC?17=261231')).toEqual({
      head: 'https://id.gs1.org/01/09506000134352/21/',
      tail: 'ABC?17=261231',
    });
    expect(urlTail('https://ex.test/a/b/?x=1/2')).toEqual({ head: 'https://ex.test/a/', tail: 'b/?x=1/2' });
    expect(urlTail('https://ex.test/a/b/')).toEqual({ head: 'https://ex.test/a/', tail: 'b/' });
  });

  it('a URL with no path segment is all head', () => {
    for (const url of ['https://ex.test', 'https://ex.test/', 'https://ex.test/?serial=1', 'urn:epc:id:sgtin:1'])
      expect(urlTail(url)).toEqual({ head: url, tail: '' });
  });

  it('head and tail always make the URL again', () => {
    for (const url of ['https://ex.test/CHIP-0001', 'https://ex.test/a//b', 'http://x/y#z', 'https://ex.test/a/b/?x=1/2', '/relative/path'])
      expect(Object.values(urlTail(url)).join('')).toBe(url);
  });
});

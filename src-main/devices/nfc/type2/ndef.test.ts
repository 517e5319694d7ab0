import { describe, expect, it } from 'vitest';
import { findNdef, ndefTlv, parseMessage, uriMessage } from './ndef';

// NDEF 1.0 records and Type 2 TLVs (docs/devices.md, "Encoding a chip"), checked against byte strings from the
// NFC Forum specifications' examples.

describe('NDEF for Type 2 tags', () => {
  it('abbreviates the URI prefix by the longest RTD-URI code (https://www. → 02h)', () => {
    expect(uriMessage('https://www.nxp.com').toString('hex')).toBe(`d1010855${'02'}${Buffer.from('nxp.com').toString('hex')}`);
    expect(uriMessage('https://id.example.test/1').subarray(4, 5).toString('hex')).toBe('04');
    expect(uriMessage('urn:nfc:sn:1').subarray(4, 5).toString('hex')).toBe('23');
    expect(uriMessage('x-custom:1').subarray(4, 5).toString('hex')).toBe('00');
  });

  it('a short message gets a 1-byte TLV length, from 255 bytes on a 3-byte one, and a long record no SR flag', () => {
    const short = uriMessage('https://a.test/1');
    expect(ndefTlv(short).toString('hex')).toBe(`03${short.length.toString(16).padStart(2, '0')}${short.toString('hex')}fe`);
    const long = uriMessage(`https://a.test/${'x'.repeat(300)}`);
    expect(long.readUInt8(0)).toBe(0xc1);
    const tlv = ndefTlv(long);
    expect(tlv.subarray(0, 4).toString('hex')).toBe(`03ff${long.length.toString(16).padStart(4, '0')}`);
    expect(findNdef(tlv)).toEqual({ found: 'message', message: long, start: 4 });
    expect(parseMessage(long)).toEqual([{ tnf: 1, type: 'U', uri: `https://a.test/${'x'.repeat(300)}` }]);
  });

  it('finds the NDEF TLV after NULL and Lock Control TLVs; tells empty, truncated and foreign data apart', () => {
    expect(findNdef(Buffer.from('0300fe00', 'hex'))).toEqual({ found: 'message', message: Buffer.alloc(0), start: 2 });
    expect(findNdef(Buffer.from('000103a01044030ad1', 'hex'))).toEqual({ found: 'truncated', needed: 8 + 0x0a });
    expect(findNdef(Buffer.from('fe000000', 'hex'))).toEqual({ found: 'none' });
    expect(findNdef(Buffer.from('e1100600', 'hex'))).toEqual({ found: 'invalid', at: 0 });
  });

  it('reads a Text record (status byte, language code) and names a record of another type', () => {
    // NFC Forum RTD-Text: "en" + "Hello", UTF-8; then an external type record.
    const text = Buffer.from(`9101085402656e48656c6c6f`, 'hex');
    const external = Buffer.concat([Buffer.from([0x54, 0x0b, 0x01]), Buffer.from('example.com'), Buffer.from([0x00])]);
    expect(parseMessage(Buffer.concat([text, external]))).toEqual([
      { tnf: 1, type: 'T', text: 'Hello' },
      { tnf: 4, type: 'example.com' },
    ]);
  });
});

import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeText, detectSeparator, GuessingDecoder, readingWords } from './text-file';

// How every file the station reads is read (docs/print-run.md, "Files as shops save them").

describe('the separator', () => {
  it('is the one that splits every first line alike', () => {
    expect(detectSeparator('position,text\n1,A\n', true)).toEqual({ separator: ',', certain: true });
    expect(detectSeparator('position;text\n1;Müller, Hans\n', true)).toEqual({ separator: ';', certain: true });
    expect(detectSeparator('position\ttext\n1\tA,B;C\n', true)).toEqual({ separator: '\t', certain: true });
  });

  it('one column reads alike with any: certain; two that split alike: a guess the user may change', () => {
    expect(detectSeparator('threadId\n0b6f3c1e-2a4d-4c8e-9f10-1a2b3c4d5e6f\n', true)).toEqual({ separator: ',', certain: true });
    expect(detectSeparator('a,b;c\n1,2;3\n', true).certain).toBe(false);
  });

  it('a sample cut off mid-line leaves that line out', () => {
    expect(detectSeparator('position;text\n1;A\n2;B,C,D', false)).toEqual({ separator: ';', certain: true });
  });
});

describe('a file the renderer sends', () => {
  it('Windows-1252 is a guess and reads "ö" and "ß"; the user may choose another encoding', () => {
    const bytes = iconv.encode('position;text\r\n1;Wö8-000001 ß\r\n', 'windows-1252');
    const read = decodeText(bytes);
    expect(read.text).toBe('position;text\r\n1;Wö8-000001 ß\r\n');
    expect(read.reading).toEqual({ encoding: 'windows-1252', bom: false, encodingCertain: false, separator: ';', separatorCertain: true });
    expect(readingWords(read.reading)).toBe('Windows-1252 (guessed), separated by ;');
    // Chosen as UTF-8, "ö" cannot be read: U+FFFD, which the import refuses.
    expect(decodeText(bytes, { encoding: 'utf-8' }).text).toContain('\uFFFD');
  });

  it('UTF-16 LE with a BOM and tabs', () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('position\ttext\r\n1\tÄ\r\n', 'utf16le')]);
    const read = decodeText(bytes);
    expect(read.text).toBe('position\ttext\r\n1\tÄ\r\n');
    expect(readingWords(read.reading)).toBe('UTF-16 LE with BOM, separated by tab');
  });
});

describe('a file read in pieces', () => {
  it('ASCII pieces wait for the first other byte to decide; a character cut between pieces is kept', () => {
    const decoder = new GuessingDecoder();
    const bytes = Buffer.from('1,A\n2,Größe\n');
    const cut = bytes.indexOf(0xc3) + 1;
    expect(decoder.write(bytes.subarray(0, 4))).toBe('1,A\n');
    expect(decoder.encoding).toEqual({ encoding: 'utf-8', bom: false, certain: true });
    const text = decoder.write(bytes.subarray(4, cut)) + decoder.write(bytes.subarray(cut)) + decoder.end();
    expect(text).toBe('2,Größe\n');
    expect(decoder.encoding.encoding).toBe('utf-8');
  });
});

import { describe, expect, it } from 'vitest';
import { checkTemplate, missingPlaces, svgTemplateLabel, zplTemplateLabels } from './template';

// Templates placed safely (docs/print-run.md, "Templates"): values stay data in ZPL and SVG; what a template holds.

const row = { position: 7, serial: 'A^B~C_D>E', text: 'A^B~C_D>E', qr: 'https://x.test/q', barCode: 'B>1' };

describe('ZPL templates', () => {
  it('adds ^FH to a field with a value and none, with an indicator its fixed data does not use', () => {
    const [label] = zplTemplateLabels('^XA^FO10,10^A0N,20,20^FDLOT_1 {text}^FS^XZ', [row]);
    expect(label).toBe('^XA^FO10,10^A0N,20,20^FH\\^FDLOT_1 A\\5EB\\7EC\\5FD>E^FS^XZ\n');
  });

  it('keeps `>` literal in a Code 128 field and places {bar_code} there', () => {
    const [label] = zplTemplateLabels('^XA^FO10,10^BY3^BCN,60,N,N,N^FH^FD{bar_code}^FS^XZ', [row]);
    expect(label).toBe('^XA^FO10,10^BY3^BCN,60,N,N,N^FH^FDB><1^FS^XZ\n');
    expect(checkTemplate('^XA^FO10,10^BY3^BCN,60^FH^FD{bar_code}^FS^XZ').codes).toEqual(['barCode']);
  });

  it('refuses a label format that changes the command prefix', () => {
    expect(() => checkTemplate('^XA^FO1,1^FD{text}^FS^CC!^XZ')).toThrow(/changes the command prefix/);
  });

  it('names what a composition prints that the template has no place for', () => {
    const check = checkTemplate('^XA^FO1,1^FD{serial}^FS^XZ');
    expect(missingPlaces(check, { qr: 'q', dataMatrix: 'd' })).toEqual(['qr', 'data_matrix']);
  });
});

describe('SVG templates', () => {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="50mm" height="30mm" viewBox="0 0 50 30"><text>{text} · {position}</text><rect id="qr" x="1" y="1" width="20" height="20"/></svg>';

  it('XML-escapes values in text and draws the code into its rectangle', () => {
    const drawn = svgTemplateLabel(svg, { ...row, text: '<b>&"x"</b>' });
    expect(drawn.svg).toContain('<text>&lt;b&gt;&amp;&quot;x&quot;&lt;/b&gt; · 7</text>');
    expect(drawn.svg).not.toContain('id="qr" x=');
    expect(drawn.codes).toEqual([{ code: 'qr', value: row.qr, module: expect.any(Number) as number }]);
  });

  it('takes out scripts and external references when drawing a template that holds them', () => {
    const unsafe = svg.replace('</svg>', '<script>alert(1)</script><image href="file:///etc/passwd"/></svg>').replace('<text>', '<text onclick="x()">');
    expect(() => checkTemplate(unsafe)).toThrow(/event handler \(onclick\)/);
    const drawn = svgTemplateLabel(unsafe, row).svg;
    expect(drawn).not.toMatch(/script|passwd|onclick/);
  });

  it('refuses an unknown placeholder in an attribute too', () => {
    expect(() => checkTemplate(svg.replace('width="20"', 'width="{size}"'))).toThrow(/\{size\}/);
  });
});

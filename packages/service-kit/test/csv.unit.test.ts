import { csvCell, toCsv } from '../src/csv';

describe('csv', () => {
  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('never lets a text cell run as a formula; numbers, booleans and dates stay as they are', () => {
    for (const f of ['=SUM(A1)', '+1', '-2+3', '@cmd', '\tx', '\rx']) expect(csvCell(f).replace(/^"|"$/g, '')).toBe(`'${f}`);
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(2.5)).toBe('2.5');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(new Date('2026-11-25T08:00:00Z'))).toBe('2026-11-25T08:00:00.000Z');
  });

  it('joins rows with CRLF and ends with one', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          [1, 'x,y'],
          [null, '=1'],
        ],
      ),
    ).toBe('a,b\r\n1,"x,y"\r\n,\'=1\r\n');
  });
});

import { describe, expect, it } from 'vitest';
import { linesToRows } from './menu-lines.ts';
import { groupTextLines, type PlacedText } from './text-lines.ts';

/**
 * The work done on a PDF's text grows with its size, not with its square: counted as reads of the
 * input (a piece's baseline, a line of text), for an input and one ten times larger. Linear work
 * reads about ten times more; the old grouping (each piece compared with every line so far) and the
 * old look-ahead (every later line cleaned again for each line) read about a hundred times more.
 */
function countedPieces(lines: number): { items: PlacedText[]; reads: () => number } {
  let reads = 0;
  const items: PlacedText[] = [];
  for (let i = 0; i < lines; i++) {
    for (const [x, text] of [
      [72, `Preparatul ${i}`],
      [400, '24,50 lei'],
    ] as const) {
      const y = 800_000 - i * 12;
      items.push({
        text,
        x,
        width: 60,
        get y() {
          reads++;
          return y;
        },
      });
    }
  }
  return { items, reads: () => reads };
}

function countedLines(lines: readonly string[]): { lines: string[]; reads: () => number } {
  let reads = 0;
  const proxy = new Proxy([...lines], {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { lines: proxy, reads: () => reads };
}

describe('reading a long PDF', () => {
  it('groups text pieces into lines with work linear in their number', () => {
    const small = countedPieces(2_000);
    const large = countedPieces(20_000);
    expect(groupTextLines(small.items)).toHaveLength(2_000);
    expect(groupTextLines(large.items)[19_999]).toBe('Preparatul 19999 24,50 lei');
    expect(large.reads() / small.reads()).toBeLessThan(15);
  });

  it('turns lines into rows with work linear in their number', () => {
    // descriptions without prices: each made the old reader look ahead through every later line
    const text = (n: number) => [
      'SUPE',
      'Ciorbă de burtă 24,50 lei',
      ...Array.from({ length: n }, (_, i) => `cu smântână și ardei iute, varianta ${i % 2 === 0 ? 'mare' : 'mică'}`),
    ];
    const small = countedLines(text(2_000));
    const large = countedLines(text(20_000));
    expect(linesToRows(small.lines)).toHaveLength(1);
    expect(linesToRows(large.lines)[0]?.cells.descriptionRo?.length).toBeGreaterThan(20_000);
    expect(large.reads() / small.reads()).toBeLessThan(15);
  });
});

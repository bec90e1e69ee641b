// The benches' references (issue 37): a ratio is only worth its reference, so the rules that make one are checked here
// (the timings themselves are measured by the benches, never asserted).
import { describe, expect, it } from 'vitest';
import {
  cpuBetweenMarks,
  interleaved,
  middleMean,
  plainTwinOf,
  quotientSpread,
  ratioToReference,
  referenceOf,
  timesReference,
  type ReferenceLoad,
  type TraceEvent,
} from '../../scripts/bench-reference.ts';

const load = (interactive: number): ReferenceLoad => ({ html: 0, interactive });

describe('interleaved', () => {
  it('warms each side up once, then alternates them, each side first in turn, and keeps each side its own loads', async () => {
    const order: string[] = [];
    let references = 0;
    let measured = 0;
    const result = await interleaved(
      4,
      async () => {
        order.push('R');
        return load(++references);
      },
      async () => {
        order.push('M');
        return ++measured * 100;
      },
    );
    expect(order.join('')).toBe('RM' + 'RMMRRMMR');
    // the warm-ups are not kept
    expect(result.reference.map((l) => l.interactive)).toEqual([2, 3, 4, 5]);
    expect(result.measured).toEqual([200, 300, 400, 500]);
  });
});

describe('referenceOf', () => {
  it('gives the median as the benches p50 (nearest rank), the extremes and the middle half as a share of the median', () => {
    const loads = [700, 500, 900, 600, 800, 1000, 400, 1100].map(load);
    expect(referenceOf(loads)).toEqual({ median: 700, min: 400, max: 1100, iqrShare: (900 - 500) / 700 });
  });

  it('does not depend on the order the loads came in', () => {
    const loads = [520, 480, 610, 455, 505].map(load);
    expect(referenceOf([...loads].reverse())).toEqual(referenceOf(loads));
    expect(referenceOf(loads).median).toBe(505);
  });
});

describe('timesReference', () => {
  it('writes a figure as a multiple of the reference, two decimals', () => {
    expect(timesReference(828, 552)).toBe('1.50×');
    expect(timesReference(276, 552)).toBe('0.50×');
  });
});

describe('plainTwinOf', () => {
  it("keeps a page's markup and text and takes out its scripts, styles, links, images and icons", () => {
    const page = [
      '<!DOCTYPE html><html lang="ro"><head><meta charset="utf-8"><title>Bistro</title>',
      '<link rel="stylesheet" href="/assets/app.css"><link rel="preload" as="font" href="/f.woff2" crossorigin>',
      '<style>body{color:red}</style><script type="application/ld+json">{"@type":"Menu"}</script></head>',
      '<body><h1 class="text-2xl">Bistro</h1><picture><source srcset="/a.avif"><img src="/a.jpg" alt=""></picture>',
      '<button><svg viewBox="0 0 24 24"><path d="M0 0h24"/></svg>Caută</button><img src="/b.jpg" alt="Ciorbă">',
      '<p>Ciorbă de burtă <span>24 lei</span></p><script src="/assets/menu.js" defer></script>',
      '<SCRIPT>window.x = 1</SCRIPT><noscript><img src="/pixel.gif"></noscript></body></html>',
    ].join('\n');
    const twin = plainTwinOf(page);
    expect(twin).not.toMatch(/<(script|style|link|img|source|picture|svg|noscript)\b/i);
    for (const kept of ['<title>Bistro</title>', '<h1 class="text-2xl">Bistro</h1>', '<button>Caută</button>', '<p>Ciorbă de burtă <span>24 lei</span></p>', '</body></html>']) {
      expect(twin).toContain(kept);
    }
  });
});

describe('middleMean', () => {
  it('leaves out the lowest and the highest quarter and averages the rest, so one load caught by a burst counts for nothing', () => {
    expect(middleMean([0.5, 0.4, 0.6, 3])).toBe(0.55);
    expect(middleMean([0.5, 0.4, 0.6, 3, 0.1, 0.5, 0.45, 0.55])).toBeCloseTo((0.45 + 0.5 + 0.5 + 0.55) / 4, 10);
    // below four values nothing is left out
    expect(middleMean([1, 2, 6])).toBe(3);
    expect(middleMean([])).toBeNaN();
  });

  it('uses the whole middle half where a nearest-rank median rests on one value', () => {
    // two runs of the same pairs but the middle one: the median jumps with it, the middle mean moves a quarter as much
    const a = [0.4, 0.42, 0.44, 0.5, 0.56, 0.58, 0.6, 0.62];
    const b = [0.4, 0.42, 0.44, 0.56, 0.56, 0.58, 0.6, 0.62];
    expect(middleMean(b) - middleMean(a)).toBeCloseTo(0.015, 10);
  });
});

describe('ratioToReference', () => {
  it('divides loads taken side by side pair by pair and takes their middle mean, so a host that slows down mid-run moves both halves', () => {
    // the host turns slow after the second pair and the third pair's measured load caught it alone: every pair but
    // that one says 1.5; the median over each side would compare a slow minute's 1,500 with a quiet one's 400 (3.75)
    const reference = [400, 400, 400, 1000, 1000].map(load);
    const measured = [600, 600, 1500, 1500, 1500];
    expect(ratioToReference(measured, reference)).toBe(1.5);
    expect(timesReference(1500, referenceOf(reference).median)).toBe('3.75×');
  });

  it('says how far the paired quotients spread (their quartiles), and nothing for samples not in pairs', () => {
    const reference = [1000, 1000, 1000, 1000].map(load);
    expect(quotientSpread([400, 500, 600, 700], reference)).toBe('0.40–0.60');
    expect(quotientSpread([400, 500], reference)).toBe('—');
  });

  it('falls back to the median over the reference median for samples not taken in pairs with it', () => {
    const reference = [500, 400, 600].map(load);
    expect(ratioToReference([250, 200], reference)).toBe(200 / 500);
    expect(ratioToReference([], reference)).toBeNaN();
  });
});

describe('cpuBetweenMarks', () => {
  const mark = (name: string, tid: number, ts: number, tts?: number): TraceEvent => ({ name, pid: tid, tid, ts, tts });
  it("gives each click's CPU time from its start mark to its answer, by its own thread's clock, in order, whatever else the trace holds", () => {
    const events = [
      mark('bench-reference-click', 1, 100, 5_000),
      mark('bench-measured-click', 2, 150, 9_000),
      mark('bench-reference-answer', 1, 400, 7_500),
      { name: 'some other mark', pid: 2, tid: 2, ts: 200, tts: 9_100 },
      mark('bench-measured-answer', 2, 900, 21_000),
      mark('bench-reference-click', 1, 1_000, 8_000),
      mark('bench-reference-answer', 1, 1_100, 8_250),
    ];
    // out of order in the trace: read by their clock
    expect(cpuBetweenMarks(events.toReversed(), 'reference')).toEqual([2.5, 0.25]);
    expect(cpuBetweenMarks(events, 'measured')).toEqual([12]);
  });

  it('leaves out the frames its thread drew inside the window, the part of one that began before its start or ended after its answer too', () => {
    const frame = (tid: number, ts: number, tts: number, tdur: number): TraceEvent => ({ name: 'ProxyMain::BeginMainFrame', ph: 'X', pid: tid, tid, ts, tts, tdur });
    const events = [
      mark('bench-measured-click', 1, 100, 10_000),
      frame(1, 120, 11_000, 4_000),
      // another page's frame, in the same minutes
      frame(2, 130, 50_000, 9_000),
      mark('bench-measured-answer', 1, 200, 18_000),
      mark('bench-measured-click', 1, 300, 20_000),
      // begins before the start and ends inside: 1 ms of it inside; then one that the answer's mark sits in: 0.5 ms before it
      frame(1, 290, 19_000, 2_000),
      frame(1, 390, 23_500, 3_000),
      mark('bench-measured-answer', 1, 400, 24_000),
    ];
    expect(cpuBetweenMarks(events, 'measured')).toEqual([4, 2.5]);
  });

  it('refuses a click that was never answered, and marks without a thread clock', () => {
    expect(() => cpuBetweenMarks([mark('bench-measured-click', 1, 100, 1), mark('bench-measured-click', 1, 200, 2)], 'measured')).toThrow(/no bench-measured-answer/);
    expect(() => cpuBetweenMarks([mark('bench-measured-click', 1, 100), mark('bench-measured-answer', 1, 200)], 'measured')).toThrow(/thread clock/);
  });
});

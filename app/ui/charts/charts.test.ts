import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BarChart } from './bar-chart.tsx';
import { sparseTicks, valueTicks } from './chart-frame.tsx';
import { LineChart } from './line-chart.tsx';

const text = { title: 'Vizualizări pe zi', description: 'Câte vizualizări a avut meniul în fiecare zi.', labelHeader: 'Zi', tableSummary: 'Datele ca tabel' };

describe('charts rendered on the server', () => {
  it('a bar chart is an SVG with a title and description, one bar per datum, and the same numbers in a table', () => {
    const html = renderToString(
      h(BarChart, {
        text,
        seriesName: 'Vizualizări',
        data: [
          { label: '01.11', value: 3 },
          { label: '02.11', value: 7.5 },
        ],
      }),
    );
    expect(html).toMatch(/<svg[^>]*role="img"/);
    expect(html).toContain('<title id=');
    expect(html).toContain('Câte vizualizări a avut meniul în fiecare zi.');
    expect(html.match(/<rect/g)).toHaveLength(2);
    expect(html).toMatch(/<th scope="row"[^>]*>02.11<\/th><td[^>]*>7.5<\/td>/);
  });

  it('a line chart draws one path per series and a legend when there is more than one', () => {
    const html = renderToString(
      h(LineChart, {
        text,
        series: [
          {
            name: 'card',
            data: [
              { label: 'a', value: 1 },
              { label: 'b', value: 2 },
            ],
          },
          {
            name: 'manual',
            data: [
              { label: 'a', value: 0 },
              { label: 'b', value: 4 },
            ],
          },
        ],
      }),
    );
    expect(html.match(/<path[^>]*class="visx-linepath/g)).toHaveLength(2);
    expect(html).toContain('<li');
    expect(html).toMatch(/<th scope="row"[^>]*>b<\/th><td[^>]*>2<\/td><td[^>]*>4<\/td>/);
  });

  it('gives counts whole-number ticks only', () => {
    expect(valueTicks([0, 0.5, 1, 1.5, 2], [0, 2, 1])).toEqual([0, 1, 2]);
    expect(valueTicks([0, 0.5, 1], [0.25, 1])).toEqual([0, 0.5, 1]);
    const html = renderToString(
      h(BarChart, {
        text,
        seriesName: 'Înscrieri',
        data: [
          { label: 'a', value: 1 },
          { label: 'b', value: 0 },
        ],
      }),
    );
    expect(html).not.toContain('>0.2<');
  });

  it('keeps at most the requested number of axis labels', () => {
    const labels = Array.from({ length: 90 }, (_, i) => String(i));
    expect(sparseTicks(labels, 8).length).toBeLessThanOrEqual(8);
    expect(sparseTicks(labels.slice(0, 5), 8)).toEqual(labels.slice(0, 5));
  });
});

import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';

/** One point of a chart: a label on the x axis (a day, an hour, a language…) and its value. */
export interface ChartDatum {
  label: string;
  value: number;
}

export interface ChartSeries {
  name: string;
  data: ChartDatum[];
}

export interface ChartText {
  /** the chart's accessible name, shown as its caption */
  title: string;
  /** one sentence saying what the chart shows, read by screen readers (svg <desc>) */
  description: string;
  /** header of the label column in the data table ("Zi", "Ora"…) */
  labelHeader: string;
  /** "Afișează datele ca tabel" */
  tableSummary: string;
}

/** the drawing's width before the page knows its own (server render), in pixels */
export const CHART_WIDTH = 640;
export const CHART_MARGIN = { top: 12, right: 12, bottom: 28, left: 44 } as const;
/** axis labels' size: drawn at the chart's real width, so 12 px on screen at any width (issue 23: 6–7 px on a phone) */
export const CHART_FONT_SIZE = 12;
/** The house palette (app.css): the first series is the primary red, then olive, then stone. */
export const SERIES_COLOURS = ['var(--color-primary-600)', 'var(--color-olive-600)', '#78716c'] as const;

/** Every number on a chart goes through this: whole numbers as themselves, the rest with one decimal. */
export function defaultFormat(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

/**
 * The frame every chart shares: a figure whose SVG has a <title> and <desc>, and the same numbers as a
 * table in a <details> (readable without JavaScript, without colour, and by screen readers).
 */
export function ChartFrame({
  text,
  series,
  height,
  format = defaultFormat,
  children,
}: {
  text: ChartText;
  series: ChartSeries[];
  height: number;
  format?: (value: number) => string;
  /** the drawing for a width in pixels (the chart's own, once measured in the browser) */
  children: (width: number) => ReactNode;
}) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const width = useMeasuredWidth(box);
  const labels = series[0]?.data.map((d) => d.label) ?? [];
  return (
    <figure className="rounded-[var(--radius-card)] border border-stone-200 bg-white p-4 dark:border-stone-700 dark:bg-stone-900">
      <figcaption id={`${id}-title`} className="font-semibold">
        {text.title}
      </figcaption>
      {series.length > 1 && (
        <ul className="mt-1 flex flex-wrap gap-x-4 text-sm text-stone-700 dark:text-stone-300">
          {series.map((s, i) => (
            <li key={s.name} className="flex items-center gap-1.5">
              <span aria-hidden="true" className="inline-block size-3 rounded-sm" style={{ background: SERIES_COLOURS[i % SERIES_COLOURS.length] }} />
              {s.name}
            </li>
          ))}
        </ul>
      )}
      {/* drawn at its measured width, one unit a pixel, in a box of fixed height (nothing moves when the width is known) */}
      <div ref={box} className="mt-2" style={{ height }}>
        <svg
          viewBox={`0 0 ${width} ${height}`}
          preserveAspectRatio="xMinYMin meet"
          className="h-full w-full text-stone-600 dark:text-stone-300"
          role="img"
          aria-labelledby={`${id}-svg-title ${id}-desc`}
        >
          <title id={`${id}-svg-title`}>{text.title}</title>
          <desc id={`${id}-desc`}>{text.description}</desc>
          {children(width)}
        </svg>
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer rounded text-stone-700 underline-offset-2 hover:underline dark:text-stone-300">{text.tableSummary}</summary>
        <div className="mt-2 max-h-80 overflow-auto">
          <table className="w-full text-left tabular-nums">
            <caption className="sr-only">{text.title}</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-4 font-semibold">
                  {text.labelHeader}
                </th>
                {series.map((s) => (
                  <th key={s.name} scope="col" className="py-1 pr-4 text-right font-semibold">
                    {s.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {labels.map((label, row) => (
                <tr key={label} className="border-t border-stone-100 dark:border-stone-800">
                  <th scope="row" className="py-1 pr-4 font-normal">
                    {label}
                  </th>
                  {series.map((s) => (
                    <td key={s.name} className="py-1 pr-4 text-right">
                      {format(s.data[row]?.value ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/** The element's width in pixels once in the browser (and as it changes); CHART_WIDTH on the server. */
function useMeasuredWidth(box: RefObject<HTMLDivElement | null>): number {
  const [width, setWidth] = useState(CHART_WIDTH);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setWidth(Math.max(200, Math.round(element.clientWidth)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [box]);
  return width;
}

/** How many axis labels fit a drawing `innerWidth` wide (about 48 px each at CHART_FONT_SIZE), at most `max`. */
export function tickCount(innerWidth: number, max: number): number {
  return Math.max(2, Math.min(max, Math.floor(innerWidth / 48)));
}

/** At most `count` evenly spaced labels of `labels`, so a 90-day axis stays readable. */
export function sparseTicks(labels: string[], count: number): string[] {
  if (labels.length <= count) return labels;
  const step = Math.ceil(labels.length / count);
  return labels.filter((_, i) => i % step === 0);
}

/** The value axis's ticks: counts (every value a whole number) get whole-number ticks only, never 0.2 of a sign-up. */
export function valueTicks(ticks: number[], values: readonly number[]): number[] {
  return values.every(Number.isInteger) ? ticks.filter(Number.isInteger) : ticks;
}

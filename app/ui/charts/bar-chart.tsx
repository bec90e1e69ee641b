import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { CHART_FONT_SIZE, CHART_MARGIN, ChartFrame, defaultFormat, SERIES_COLOURS, sparseTicks, tickCount, valueTicks, type ChartDatum, type ChartText } from './chart-frame.tsx';

/** Vertical bars, one per label (a day, an hour of the day, a language…), rendered as SVG on the server. */
export function BarChart({
  text,
  seriesName,
  data,
  height = 220,
  maxTicks = 12,
  format = defaultFormat,
}: {
  text: ChartText;
  /** the value column's header in the data table */
  seriesName: string;
  data: ChartDatum[];
  height?: number;
  maxTicks?: number;
  format?: (value: number) => string;
}) {
  const innerHeight = height - CHART_MARGIN.top - CHART_MARGIN.bottom;
  const values = data.map((d) => d.value);
  const y = scaleLinear<number>({ domain: [0, Math.max(1, ...values)], range: [innerHeight, 0], nice: true });
  return (
    <ChartFrame text={text} series={[{ name: seriesName, data }]} height={height} format={format}>
      {(width) => {
        const innerWidth = width - CHART_MARGIN.left - CHART_MARGIN.right;
        const x = scaleBand<string>({ domain: data.map((d) => d.label), range: [0, innerWidth], padding: 0.2 });
        return (
          <Group left={CHART_MARGIN.left} top={CHART_MARGIN.top}>
            {data.map((d) => {
              const top = y(d.value);
              return <Bar key={d.label} x={x(d.label)} y={top} width={x.bandwidth()} height={innerHeight - top} fill={SERIES_COLOURS[0]} rx={2} />;
            })}
            <AxisLeft
              scale={y}
              tickValues={valueTicks(y.ticks(4), values)}
              tickFormat={(v) => format(Number(v))}
              stroke="currentColor"
              tickStroke="currentColor"
              tickLabelProps={{ fill: 'currentColor', fontSize: CHART_FONT_SIZE }}
            />
            <AxisBottom
              top={innerHeight}
              scale={x}
              tickValues={sparseTicks(
                data.map((d) => d.label),
                tickCount(innerWidth, maxTicks),
              )}
              stroke="currentColor"
              tickStroke="currentColor"
              tickLabelProps={{ fill: 'currentColor', fontSize: CHART_FONT_SIZE }}
            />
          </Group>
        );
      }}
    </ChartFrame>
  );
}

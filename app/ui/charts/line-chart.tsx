import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleLinear, scalePoint } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { CHART_FONT_SIZE, CHART_MARGIN, ChartFrame, defaultFormat, SERIES_COLOURS, sparseTicks, tickCount, valueTicks, type ChartSeries, type ChartText } from './chart-frame.tsx';

/** One line per series over the same labels (days, usually), rendered as SVG on the server. */
export function LineChart({
  text,
  series,
  height = 220,
  maxTicks = 8,
  format = defaultFormat,
}: {
  text: ChartText;
  series: ChartSeries[];
  height?: number;
  maxTicks?: number;
  format?: (value: number) => string;
}) {
  const innerHeight = height - CHART_MARGIN.top - CHART_MARGIN.bottom;
  const labels = series[0]?.data.map((d) => d.label) ?? [];
  const values = series.flatMap((s) => s.data.map((d) => d.value));
  const max = Math.max(1, ...values);
  const y = scaleLinear<number>({ domain: [0, max], range: [innerHeight, 0], nice: true });
  return (
    <ChartFrame text={text} series={series} height={height} format={format}>
      {(width) => {
        const innerWidth = width - CHART_MARGIN.left - CHART_MARGIN.right;
        const x = scalePoint<string>({ domain: labels, range: [0, innerWidth] });
        return (
          <Group left={CHART_MARGIN.left} top={CHART_MARGIN.top}>
            {series.map((s, i) => (
              <LinePath
                key={s.name}
                data={s.data}
                x={(d) => x(d.label) ?? 0}
                y={(d) => y(d.value)}
                stroke={SERIES_COLOURS[i % SERIES_COLOURS.length]}
                strokeWidth={2}
                fill="none"
              />
            ))}
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
              tickValues={sparseTicks(labels, tickCount(innerWidth, maxTicks))}
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

import { Box } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useEffect, useRef, useState } from 'react';

/** Loaded on its own (React.lazy) so the charts library is fetched only by the dashboard. */

export interface TrendSeries {
  label: string;
  data: number[];
}

/** Counts are whole: an axis of counts never shows 0.5 (a step of at least 1, and its ticks written as integers). */
export const countAxis = { tickMinStep: 1, valueFormatter: (v: number) => (Number.isInteger(v) ? v.toLocaleString() : '') } as const;
const countValue = (v: number | null) => String(v ?? 0);

/** Requests and consents per bucket, labels in the Buddhist era. */
export function TrendChart({ labels, series, bars }: { labels: string[]; series: TrendSeries[]; bars?: boolean }) {
  const props = { height: 260, yAxis: [countAxis], series: series.map((s) => ({ ...s, valueFormatter: countValue })) };
  return (
    <Box data-testid="chart">
      {bars ? (
        <BarChart {...props} xAxis={[{ scaleType: 'band', data: labels }]} />
      ) : (
        // a line of zeros lies on the axis and two equal lines on each other: every point marked, each line seen
        <LineChart
          {...props}
          xAxis={[{ scaleType: 'point', data: labels }]}
          series={props.series.map((s) => ({ ...s, showMark: true }))}
          yAxis={[{ ...countAxis, min: 0, max: Math.max(1, ...series.flatMap((s) => s.data)) * 1.1 }]}
          sx={{ '& .MuiLineElement-root': { strokeWidth: 2 } }}
        />
      )}
    </Box>
  );
}

/** How wide `labels` are drawn in `font` (the tick labels' axis must hold the longest, or they are cut). */
function widest(labels: string[], font: string) {
  const context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!context) return Math.max(0, ...labels.map((l) => l.length * 7));
  context.font = font;
  return Math.max(0, ...labels.map((l) => context.measureText(l).width));
}

/** Horizontal bars: a count per label (requests by state or right, consents by purpose), each label whole. */
export function CountBars({ labels, series, height }: { labels: string[]; series: TrendSeries[]; height?: number }) {
  const theme = useTheme();
  const box = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState(0);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setBoxWidth(entry.contentRect.width));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  // the label axis as wide as its longest label (x-charts cuts a longer one with "…"), at most 60 % of the chart
  const needed = Math.ceil(widest(labels, `12px ${theme.typography.fontFamily}`)) + 16;
  const width = boxWidth ? Math.min(needed, Math.floor(boxWidth * 0.6)) : needed;
  return (
    <Box data-testid="chart" ref={box}>
      <BarChart
        layout="horizontal"
        yAxis={[{ scaleType: 'band', data: labels, width }]}
        xAxis={[countAxis]}
        series={series.map((s) => ({ ...s, valueFormatter: countValue }))}
        height={height ?? Math.max(140, 40 + labels.length * 34)}
        hideLegend={series.length < 2}
      />
    </Box>
  );
}

export default TrendChart;

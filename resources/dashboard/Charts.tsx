import { Box } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';

/** Loaded on its own (React.lazy) so the charts library is fetched only by the dashboard. */

export interface TrendSeries {
  label: string;
  data: number[];
}

/** Requests and consents per bucket, labels in the Buddhist era. */
export function TrendChart({ labels, series, bars }: { labels: string[]; series: TrendSeries[]; bars?: boolean }) {
  const xAxis = [{ scaleType: 'band' as const, data: labels }];
  const props = { xAxis, height: 260, series: series.map((s) => ({ ...s, valueFormatter: (v: number | null) => String(v ?? 0) })) };
  return (
    <Box data-testid="chart">{bars ? <BarChart {...props} /> : <LineChart {...props} xAxis={[{ scaleType: 'point' as const, data: labels }]} />}</Box>
  );
}

/** Horizontal bars: a count per label (requests by state or right, consents by purpose). */
export function CountBars({ labels, series, height }: { labels: string[]; series: TrendSeries[]; height?: number }) {
  return (
    <Box data-testid="chart">
      <BarChart
        layout="horizontal"
        yAxis={[{ scaleType: 'band', data: labels, width: 150 }]}
        series={series}
        height={height ?? Math.max(140, 40 + labels.length * 34)}
        hideLegend={series.length < 2}
      />
    </Box>
  );
}

export default TrendChart;

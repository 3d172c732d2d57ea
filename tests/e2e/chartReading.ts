import type { Locator } from '@playwright/test';

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
  width: number;
  height: number;
}

/** One line series of a LineChart as drawn: its path, its stroke, its marks and how many of them nothing covers. */
export interface LineReading {
  stroke: string;
  d: string;
  strokeWidth: number;
  opacity: number;
  visibility: string;
  box: Box;
  marks: number;
  marksInPlot: number;
  marksUncovered: number;
}

/** What a chart of @mui/x-charts shows: its axes' tick labels, every text of its SVG and its legend, its lines. */
export interface ChartReading {
  svg: Box;
  /** the tick labels of each axis, in order ('' where the axis writes none) */
  axes: { X: string[]; Y: string[] };
  /** the ticks of the X axis (a point or a band each) */
  xTicks: number;
  /** each text of the SVG (tick and axis labels) with its drawn box */
  texts: { text: string; box: Box }[];
  /** each legend label (HTML) with its box and whether it overflows */
  legend: { text: string; box: Box; overflows: boolean }[];
  lines: LineReading[];
}

/** Reads a chart (`[data-testid=chart]`) in the page: scrolled to the middle of the window first. */
export function readChart(chart: Locator): Promise<ChartReading> {
  return chart.evaluate((root) => {
    root.scrollIntoView({ block: 'center' });
    const boxOf = (el: Element): Box => {
      const r = el.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height };
    };
    const svg = root.querySelector('svg.MuiChartsSvgLayer-root')!;
    const ticks = (direction: 'X' | 'Y') =>
      [...svg.querySelectorAll(`.MuiChartsAxis-direction${direction} .MuiChartsAxis-tickLabel`)].map((t) => (t.textContent ?? '').trim());
    // the drawing area: right of the Y axis's line, above the X axis's line
    const xAxisLine = svg.querySelector('.MuiChartsAxis-directionX .MuiChartsAxis-line');
    const yAxisLine = svg.querySelector('.MuiChartsAxis-directionY .MuiChartsAxis-line');
    const plot = { ...boxOf(svg) };
    if (xAxisLine) plot.bottom = boxOf(xAxisLine).bottom;
    if (yAxisLine) plot.left = boxOf(yAxisLine).left;
    const marks = [...svg.querySelectorAll('.MuiLineChart-mark')].map((m) => {
      const b = boxOf(m);
      return { stroke: getComputedStyle(m).stroke, x: (b.left + b.right) / 2, y: (b.top + b.bottom) / 2, box: b };
    });
    const lines = [...svg.querySelectorAll('.MuiLineChart-line')].map((line) => {
      const style = getComputedStyle(line);
      const own = marks.map((m, i) => ({ ...m, i })).filter((m) => m.stroke === style.stroke);
      // a mark is covered when a mark drawn after it, of another series, sits on the same point
      const uncovered = own.filter((m) => !marks.some((o, j) => j > m.i && o.stroke !== m.stroke && Math.hypot(o.x - m.x, o.y - m.y) < 2));
      const inPlot = own.filter((m) => m.y >= plot.top - 0.5 && m.y <= plot.bottom + 0.5 && m.x >= plot.left - 0.5 && m.x <= plot.right + 0.5);
      return {
        stroke: style.stroke,
        d: line.getAttribute('d') ?? '',
        strokeWidth: parseFloat(style.strokeWidth),
        opacity: Number(style.opacity),
        visibility: style.visibility,
        box: boxOf(line),
        marks: own.length,
        marksInPlot: inPlot.length,
        marksUncovered: uncovered.length,
      };
    });
    return {
      svg: boxOf(svg),
      axes: { X: ticks('X'), Y: ticks('Y') },
      xTicks: svg.querySelectorAll('.MuiChartsAxis-directionX .MuiChartsAxis-tick').length,
      texts: [...svg.querySelectorAll('text')].map((t) => ({ text: (t.textContent ?? '').trim(), box: boxOf(t) })),
      legend: [...root.querySelectorAll('.MuiChartsLegend-label')].map((l) => ({
        text: (l.textContent ?? '').trim(),
        box: boxOf(l),
        overflows: l.scrollWidth > l.clientWidth + 1,
      })),
      lines,
    };
  });
}

/** The problems a reader would see in a chart: a text cut by an ellipsis or by the chart's edge, a legend label cut. */
export function cutChartTexts(reading: ChartReading, chartBox: Box): string[] {
  const inside = (box: Box, outer: Box) =>
    box.left >= outer.left - 1 && box.right <= outer.right + 1 && box.top >= outer.top - 1 && box.bottom <= outer.bottom + 1;
  const problems: string[] = [];
  for (const { text, box } of reading.texts) {
    if (!text) continue;
    if (/…|\.\.\.$/.test(text)) problems.push(`"${text}" ends in an ellipsis`);
    if (!inside(box, reading.svg)) problems.push(`"${text}" runs out of the chart (${JSON.stringify(box)} in ${JSON.stringify(reading.svg)})`);
  }
  for (const { text, box, overflows } of reading.legend) {
    if (overflows || /…$/.test(text)) problems.push(`legend "${text}" is cut`);
    if (!inside(box, chartBox)) problems.push(`legend "${text}" runs out of the chart`);
  }
  return problems;
}

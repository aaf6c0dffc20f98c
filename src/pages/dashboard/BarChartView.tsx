/**
 * The dashboard's bar charts. This module is the only one importing recharts and is loaded with
 * React.lazy, so recharts is a chunk of its own that downloads when the dashboard first shows a chart.
 */
import { useTheme } from '@mui/material/styles';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface ChartSeries {
  /** The field of each row holding this series' value. */
  key: string;
  label: string;
  color: string;
}

export interface BarChartViewProps {
  rows: Record<string, string | number>[];
  /** The field of each row naming its category (city, month). */
  categoryKey: string;
  series: ChartSeries[];
  height?: number;
  /** Formats the whole numbers of the value axis and the tooltip. */
  formatNumber: (value: number) => string;
  /**
   * Bars run across, one category a row with its name beside it (many cities, each named in full); the
   * chart grows with the rows and the card scrolls.
   */
  horizontal?: boolean;
}

/** The height of one category's row in a horizontal chart. */
export const ROW_HEIGHT = 28;

const BarChartView = ({ rows, categoryKey, series, height = 300, formatNumber, horizontal = false }: BarChartViewProps) => {
  const theme = useTheme();
  // Right to left: categories run from the right edge and the value axis sits on the right.
  const rtl = theme.direction === 'rtl';
  const axisColor = theme.palette.text.secondary;
  if (horizontal) {
    // the longest name sets the name column's width (up to a third of a phone's width)
    const longest = Math.max(...rows.map((r) => String(r[categoryKey] ?? '').length), 4);
    const nameWidth = Math.min(140, 12 + longest * 7);
    const chartHeight = Math.max(height, rows.length * ROW_HEIGHT * Math.max(1, series.length * 0.6) + 64);
    return (
      <ResponsiveContainer width="100%" height={chartHeight} initialDimension={{ width: 480, height: chartHeight }}>
        {/* the SVG is laid out by hand for right to left (axes placed and reversed above): under the page's
            dir="rtl" a tick's text-anchor would flip too and print the names over the bars */}
        <BarChart data={rows} layout="vertical" margin={{ top: 8, right: 16, bottom: 8, left: 16 }} barCategoryGap={4} style={{ direction: 'ltr' }}>
          <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} horizontal={false} />
          {/* numbers under the bars, reversed right to left so the bars grow from the names */}
          <XAxis type="number" reversed={rtl} allowDecimals={false} tickFormatter={formatNumber} tick={{ fill: axisColor, fontSize: 12 }} />
          <YAxis
            type="category"
            dataKey={categoryKey}
            orientation={rtl ? 'right' : 'left'}
            width={nameWidth}
            interval={0}
            tick={{ fill: axisColor, fontSize: 12 }}
            tickFormatter={(name: string) => (name.length > 18 ? `${name.slice(0, 17)}…` : name)}
          />
          <Tooltip
            formatter={(value) => (typeof value === 'number' ? formatNumber(value) : value)}
            contentStyle={{ background: theme.palette.background.paper, borderColor: theme.palette.divider }}
          />
          {series.length > 1 ? <Legend verticalAlign="top" /> : null}
          {series.map((item) => (
            <Bar key={item.key} dataKey={item.key} name={item.label} fill={item.color} radius={rtl ? [4, 0, 0, 4] : [0, 4, 4, 0]} maxBarSize={18} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    );
  }
  return (
    <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 480, height }}>
      <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 8, left: 8 }} style={{ direction: 'ltr' }}>
        <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} vertical={false} />
        <XAxis dataKey={categoryKey} reversed={rtl} tick={{ fill: axisColor, fontSize: 12 }} interval="preserveStartEnd" minTickGap={4} />
        <YAxis
          orientation={rtl ? 'right' : 'left'}
          allowDecimals={false}
          tickFormatter={formatNumber}
          tick={{ fill: axisColor, fontSize: 12 }}
          width={48}
        />
        <Tooltip
          formatter={(value) => (typeof value === 'number' ? formatNumber(value) : value)}
          contentStyle={{ background: theme.palette.background.paper, borderColor: theme.palette.divider }}
        />
        {series.length > 1 ? <Legend /> : null}
        {series.map((item) => (
          <Bar key={item.key} dataKey={item.key} name={item.label} fill={item.color} radius={[4, 4, 0, 0]} maxBarSize={40} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
};

export default BarChartView;

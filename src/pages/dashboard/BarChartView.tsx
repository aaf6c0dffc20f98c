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
}

const BarChartView = ({ rows, categoryKey, series, height = 300, formatNumber }: BarChartViewProps) => {
  const theme = useTheme();
  // Right to left: categories run from the right edge and the value axis sits on the right.
  const rtl = theme.direction === 'rtl';
  const axisColor = theme.palette.text.secondary;
  return (
    <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 480, height }}>
      <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} vertical={false} />
        <XAxis dataKey={categoryKey} reversed={rtl} tick={{ fill: axisColor, fontSize: 12 }} interval="preserveStartEnd" />
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

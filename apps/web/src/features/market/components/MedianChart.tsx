import type { DistrictMedian } from '@manzil/shared';

export interface ChartRow {
  row: DistrictMedian;
  name: string;
  value: string;
}

/**
 * Room a row takes: the district's name and its figure on one line (the figure at the line's end), its bar on the
 * next. A figure beside its bar ran off a phone's screen: "2.45 US$ / م² شهريًا" needs ~125 px.
 */
const ROW_HEIGHT = 52;
const BAR_HEIGHT = 18;

/**
 * A bar per district, plain SVG (no chart library on a phone). Widths and positions are percentages, so text keeps
 * its real size at any width (a viewBox would shrink it at 390 px). Bars grow from the start of the line: the
 * right in Arabic, the left in English. Hidden from assistive technology: the table beside it holds the same
 * figures and is what a screen reader reads.
 */
export function MedianChart({ rows, rtl }: { rows: ChartRow[]; rtl: boolean }) {
  const max = Math.max(...rows.map((r) => r.row.median_usd_per_sqm));
  const at = (pct: number) => `${rtl ? 100 - pct : pct}%`;
  return (
    <svg className="market-chart" width="100%" height={rows.length * ROW_HEIGHT} aria-hidden="true" focusable="false" data-testid="market-chart">
      {rows.map((r, i) => {
        const pct = max > 0 ? Math.max(1, (r.row.median_usd_per_sqm / max) * 100) : 1;
        const top = i * ROW_HEIGHT;
        return (
          <g key={`${r.row.district_id}-${r.row.property_type}`}>
            <text x={at(0)} y={top + 16} className="market-chart-name">
              {r.name}
            </text>
            <rect x={rtl ? `${100 - pct}%` : '0'} y={top + 24} width={`${pct}%`} height={BAR_HEIGHT} rx="3" className="market-chart-bar" />
            <text x={at(100)} y={top + 16} textAnchor="end" className="market-chart-value">
              {r.value}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

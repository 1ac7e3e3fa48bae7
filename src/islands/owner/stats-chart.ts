// The dashboard's chart of the last 12 months (issue 22): bars for how many reviews came, dots
// joined by a line for the month's average rating, each labelled with its value, so the chart
// reads without colour; and one sentence describing it for role="img".
import type { OwnerStats } from "../../shared/schemas/owners.ts";

export type StatsMonth = OwnerStats["months"][number];

export const CHART = { width: 640, height: 280, top: 40, bottom: 56, left: 16, right: 16 } as const;

export interface ChartColumn {
  month: string;
  /** "Dec" (and the year under January and the first month). */
  label: string;
  year: string | null;
  x: number;
  barWidth: number;
  barTop: number;
  barHeight: number;
  reviewCount: number;
  /** Where the rating's dot sits; null in a month with no rated review. */
  ratingY: number | null;
  averageRating: number | null;
}

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const LONG_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

export function monthName(month: string, long = false): string {
  const index = Number(month.slice(5, 7)) - 1;
  return `${(long ? LONG_MONTHS : MONTH_NAMES)[index] ?? month}${long ? ` ${month.slice(0, 4)}` : ""}`;
}

export function chartColumns(months: readonly StatsMonth[]): ChartColumn[] {
  const plotHeight = CHART.height - CHART.top - CHART.bottom;
  const step = (CHART.width - CHART.left - CHART.right) / Math.max(1, months.length);
  const maxCount = Math.max(1, ...months.map((m) => m.reviewCount));
  return months.map((m, i) => {
    const barHeight = (m.reviewCount / maxCount) * plotHeight;
    return {
      month: m.month,
      label: monthName(m.month),
      year: i === 0 || m.month.endsWith("-01") ? m.month.slice(0, 4) : null,
      x: CHART.left + step * i + step / 2,
      barWidth: step * 0.55,
      barTop: CHART.top + plotHeight - barHeight,
      barHeight,
      reviewCount: m.reviewCount,
      // Ratings run 0-5 over the whole plot height.
      ratingY: m.averageRating === null ? null : CHART.top + plotHeight - (m.averageRating / 5) * plotHeight,
      averageRating: m.averageRating,
    };
  });
}

/** The chart in one sentence, for screen readers (role="img"); the table beside it has every figure. */
export function chartDescription(months: readonly StatsMonth[]): string {
  if (months.length === 0) return "No months to show.";
  const total = months.reduce((sum, m) => sum + m.reviewCount, 0);
  const rated = months.filter((m) => m.averageRating !== null);
  const span = `${monthName(months[0]!.month, true)} to ${monthName(months.at(-1)!.month, true)}`;
  if (total === 0) return `No reviews from ${span}.`;
  const busiest = months.reduce((best, m) => (m.reviewCount > best.reviewCount ? m : best));
  const latest = rated.at(-1);
  return (
    `${total} ${total === 1 ? "review" : "reviews"} from ${span}; the most in ${monthName(busiest.month, true)} (${busiest.reviewCount}).` +
    (latest ? ` Latest monthly average rating: ${latest.averageRating!.toFixed(1)} in ${monthName(latest.month, true)}.` : "")
  );
}

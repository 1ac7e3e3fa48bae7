// The transparency report (issue 21, docs/moderation.md "Transparency"): per London quarter,
// from the quarter of moderation's first record to now, what was submitted, removed, reported,
// appealed, paused and suspended. Counts come grouped from SQL; the per-report and per-appeal
// figures (a median, overturned appeals) are placed in quarters here with the domain's rules.
import { decisionReasonLabel } from "../../../domain/report-reasons.ts";
import { median, quarterIndexOf, quartersBetween, type QuarterSpan } from "../../../domain/transparency.ts";
import type { QuarterFigures, TransparencyReport } from "../../../shared/schemas/transparency.ts";
import { readScopes } from "../cache/scopes.ts";
import type { Database } from "../db/client.ts";
import {
  appealsSince,
  firstModerationRecordAt,
  pausedItemsByQuarter,
  removalsByQuarter,
  reportsSince,
  reviewsByQuarter,
  suspensionsByQuarter,
} from "../db/queries/transparency.ts";
import type { AppDeps } from "../deps.ts";

type Figures = Omit<QuarterFigures, "id" | "label" | "start" | "end" | "complete">;

function emptyFigures(): Figures {
  return {
    reviews: { submitted: 0, published: 0 },
    removals: { total: 0, reviews: 0, byReason: [] },
    reports: { received: 0, decided: 0, medianMsToDecision: null },
    appeals: { received: 0, decided: 0, overturned: 0 },
    unusualActivityItems: 0,
    suspendedAccounts: 0,
  };
}

export async function transparencyReport(db: Database, now: number): Promise<TransparencyReport> {
  const first = (await firstModerationRecordAt(db)) ?? now;
  const quarters = quartersBetween(first, now);
  const since = quarters.at(-1)!.start;
  const [reviews, removals, reports, appeals, paused, suspended] = await Promise.all([
    reviewsByQuarter(db, quarters),
    removalsByQuarter(db, quarters),
    reportsSince(db, since),
    appealsSince(db, since),
    pausedItemsByQuarter(db, quarters),
    suspensionsByQuarter(db, quarters),
  ]);
  const figures = quarters.map(emptyFigures);
  for (const r of reviews)
    figures[r.i]!.reviews = { submitted: r.submitted, published: r.submitted - r.removed };
  for (const r of removals) {
    const f = figures[r.i]!.removals;
    f.total += r.total;
    f.reviews += r.reviews;
    f.byReason.push({
      reason: r.reason,
      label: decisionReasonLabel(r.reason),
      reviews: r.reviews,
      total: r.total,
    });
  }
  for (const f of figures)
    f.removals.byReason.sort((a, b) => b.total - a.total || a.label.localeCompare(b.label));
  for (const r of paused) figures[r.i]!.unusualActivityItems = r.n;
  for (const r of suspended) figures[r.i]!.suspendedAccounts = r.n;
  placeReports(quarters, figures, reports);
  placeAppeals(quarters, figures, appeals);
  return {
    generatedAt: now,
    quarters: quarters.map((q, i) => ({
      id: q.id,
      label: q.label,
      start: q.start,
      end: q.end,
      complete: q.end <= now,
      ...figures[i]!,
    })),
  };
}

function placeReports(
  quarters: QuarterSpan[],
  figures: Figures[],
  reports: { reportedAt: number; decidedAt: number | null }[],
) {
  const waits = quarters.map((): number[] => []);
  for (const r of reports) {
    const i = quarterIndexOf(quarters, r.reportedAt);
    if (i < 0) continue;
    figures[i]!.reports.received += 1;
    if (r.decidedAt !== null) waits[i]!.push(r.decidedAt - r.reportedAt);
  }
  waits.forEach((w, i) => {
    figures[i]!.reports.decided = w.length;
    figures[i]!.reports.medianMsToDecision = median(w);
  });
}

function placeAppeals(
  quarters: QuarterSpan[],
  figures: Figures[],
  appeals: { appealedAt: number; appealed: string; onAppeal: string | null }[],
) {
  for (const a of appeals) {
    const i = quarterIndexOf(quarters, a.appealedAt);
    if (i < 0) continue;
    const f = figures[i]!.appeals;
    f.received += 1;
    if (a.onAppeal === null) continue;
    f.decided += 1;
    if (a.onAppeal !== a.appealed) f.overturned += 1;
  }
}

/**
 * A report was received: the report's "reports received" moved. Only the cached read goes; the
 * page follows at the next rebuild (any review or decision), so reporting alone never starts one.
 */
export function publishReportReceived(deps: Pick<AppDeps, "cache">): void {
  deps.cache.invalidate([readScopes.transparency]);
}

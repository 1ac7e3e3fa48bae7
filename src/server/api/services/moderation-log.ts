// Reading the moderation log (issue 21): admins page it newest first and export it as CSV.
import { cursorCodec } from "../../../domain/keyset-cursor.ts";
import type { LogEntry } from "../../../shared/schemas/moderation.ts";
import { logPage, type LogRow } from "../db/queries/moderation-decisions.ts";
import type { AppDeps } from "../deps.ts";
import { readCursor } from "./page-cursor.ts";

/** The log newest first: a range of its primary key. */
const logCursor = cursorCodec("modlog", ["id"]);

const parse = (text: string | null): unknown => (text === null ? null : (JSON.parse(text) as unknown));

const toEntry = (row: LogRow): LogEntry => ({
  ...row,
  before: parse(row.before),
  after: parse(row.after),
  createdAt: new Date(row.createdAt).toISOString(),
});

export async function readLog(
  deps: AppDeps,
  query: { cursor?: string; limit: number },
): Promise<{ entries: LogEntry[]; nextCursor: string | null }> {
  const before = readCursor(logCursor, query.cursor);
  const rows = await logPage(deps.db, before?.id, query.limit + 1);
  const shown = rows.slice(0, query.limit);
  return {
    entries: shown.map(toEntry),
    nextCursor: rows.length > query.limit ? logCursor.encode(shown.at(-1)!) : null,
  };
}

export const LOG_CSV_COLUMNS = [
  "id",
  "createdAt",
  "actorId",
  "actorLabel",
  "action",
  "kind",
  "targetId",
  "reason",
  "note",
  "before",
  "after",
] as const;

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
export function csvField(value: unknown): string {
  const text = value === null || value === undefined ? "" : String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet: prefix it.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The whole log as CSV, newest first, read in pages so memory stays bounded per page. */
export async function exportLogCsv(deps: AppDeps): Promise<string> {
  const lines = [LOG_CSV_COLUMNS.join(",")];
  let before: number | undefined;
  for (;;) {
    const rows = await logPage(deps.db, before, 500);
    for (const row of rows) {
      const entry = { ...row, createdAt: new Date(row.createdAt).toISOString() };
      lines.push(LOG_CSV_COLUMNS.map((column) => csvField(entry[column])).join(","));
    }
    if (rows.length < 500) break;
    before = rows.at(-1)!.id;
  }
  return `${lines.join("\r\n")}\r\n`;
}

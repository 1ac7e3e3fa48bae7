// The dates an owner's facts carry (issue 22): "Claimed by its owner on 3 December 2026", "last
// updated by the owner on ...". Read in UTC so the page built on the server and the live island
// in the browser say the same day.
/** "3 December 2026" from "2026-12-03" or an ISO 8601 instant. */
export function ownerDay(isoDay: string): string {
  const date = new Date(isoDay.length === 10 ? `${isoDay}T00:00:00Z` : isoDay);
  if (Number.isNaN(date.getTime())) return isoDay;
  return date.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}

// Opening hours on restaurant and dish pages (issue 30): the week as the owner set it, today's
// line marked, and "Open now · closes 21:00" / "Closed · opens 12:00". Pages are built ahead
// (and kept for minutes), so the line and the mark are worked out in the browser from the hours
// the page carries (src/client/open-status.ts); the built page holds an empty, hidden line.
// A restaurant a member added says "Hours not confirmed" until an owner or moderator sets them:
// the spec's default hours are stored, never stated as fact.
import { HOURS_NOT_CONFIRMED, hoursConfirmed } from "../../domain/open-status.ts";
import type { RestaurantItem } from "../../shared/schemas/catalogue-items.ts";

type HoursOf = Pick<RestaurantItem, "hours" | "communityAdded" | "openingHours">;

/** "Monday: 11:00 AM - 9:00 PM" → ["Monday", "11:00 AM - 9:00 PM"]; other text stays whole. */
export function splitOpeningHours(line: string): [string, string] | [string] {
  const match = /^([A-Za-z]+day)s?:\s*(.+)$/.exec(line.trim());
  return match ? [match[1]!, match[2]!] : [line.trim()];
}

/**
 * The open/closed line. With the restaurant at hand its hours go in the page; a dish page names
 * its restaurant and the browser reads that restaurant's hours.
 */
export function OpenStatus(props: { restaurant: HoursOf } | { restaurantId: number }) {
  if ("restaurantId" in props)
    return <p className="cat-open-status" data-open-status data-restaurant-id={props.restaurantId} hidden />;
  const { restaurant } = props;
  if (!hoursConfirmed(restaurant)) return <p className="cat-open-status">{HOURS_NOT_CONFIRMED}</p>;
  if (!restaurant.hours) return null;
  return (
    <p className="cat-open-status" data-open-status data-hours={JSON.stringify(restaurant.hours)} hidden />
  );
}

export function OpeningHours({ restaurant }: { restaurant: HoursOf }) {
  const lines = restaurant.openingHours;
  return (
    <section className="cat-block cat-hours-block" aria-labelledby="cat-hours">
      <h2 id="cat-hours">Opening hours</h2>
      {!hoursConfirmed(restaurant) ? (
        <p className="muted">
          {HOURS_NOT_CONFIRMED}: the restaurant's owner or a moderator has not set them yet.
        </p>
      ) : lines.length === 0 ? (
        <p className="muted">Opening hours not listed.</p>
      ) : (
        <ul className="cat-hours">
          {lines.map((line) => {
            const [day, hours] = splitOpeningHours(line);
            return (
              <li key={line} data-day={hours ? day.toLowerCase() : undefined}>
                {hours ? (
                  <>
                    <span className="cat-hours__day">{day}</span>
                    <span className="cat-hours__time">{hours}</span>
                  </>
                ) : (
                  day
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

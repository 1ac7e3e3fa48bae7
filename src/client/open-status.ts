// Issue 30: the open/closed line and today's mark in the hours, worked out when the page is
// shown, not when it was built (OpeningHoursBlock.tsx). London's clock, like the open-now filter.
import { londonClock } from "../domain/open-now.ts";
import { HOURS_NOT_CONFIRMED, hoursConfirmed, openStatus } from "../domain/open-status.ts";
import type { OpeningHours } from "../domain/owners.ts";

const TODAY = "Today";

function show(element: HTMLElement, text: string | null) {
  if (!text) return;
  element.textContent = text;
  element.classList.toggle("cat-open-status--open", text.startsWith("Open"));
  element.hidden = false;
}

function markToday(weekday: string) {
  for (const line of document.querySelectorAll<HTMLElement>(".cat-hours li[data-day]")) {
    if (line.dataset.day !== weekday || line.classList.contains("cat-hours__today")) continue;
    line.classList.add("cat-hours__today");
    line.setAttribute("aria-current", "date");
    const label = document.createElement("span");
    label.className = "cat-hours__today-label";
    label.textContent = TODAY;
    line.querySelector(".cat-hours__day")?.append(label);
  }
}

interface RestaurantHours {
  hours: OpeningHours | null;
  communityAdded: boolean;
}

async function restaurantHours(id: string): Promise<RestaurantHours | null> {
  const res = await fetch(`/api/restaurants/${encodeURIComponent(id)}`);
  if (!res.ok) return null;
  return ((await res.json()) as { data: RestaurantHours | null }).data;
}

export function showOpenStatus(now = Date.now()) {
  const clock = londonClock(now);
  markToday(clock.weekday);
  for (const element of document.querySelectorAll<HTMLElement>("[data-open-status]")) {
    const { hours, restaurantId } = element.dataset;
    if (hours) show(element, openStatus(JSON.parse(hours) as OpeningHours, clock));
    else if (restaurantId)
      restaurantHours(restaurantId)
        .then((r) => r && show(element, hoursConfirmed(r) ? openStatus(r.hours, clock) : HOURS_NOT_CONFIRMED))
        // A failed read leaves the line hidden: saying nothing beats a guess.
        .catch(() => {});
  }
}

showOpenStatus();

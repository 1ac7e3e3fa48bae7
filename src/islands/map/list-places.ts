// A list page's places for its Map view (issue 32's /list/{id}, issue 31's map): the list is
// private to whoever may read it, so the map draws the items the page already shows (each
// carries data-lat and data-lng, src/components/lists/ListPageBody.tsx) and asks no API.
import type { MapPlace } from "../../shared/schemas/map.ts";

export function listPlaces(doc: Document): MapPlace[] {
  const items = doc.querySelectorAll<HTMLElement>("[data-list-items] [data-list-item]");
  return [...items].flatMap((item, index) => {
    const lat = Number(item.dataset.lat);
    const lng = Number(item.dataset.lng);
    const link = item.querySelector<HTMLAnchorElement>(".lp-item__name a");
    if (!link || !item.dataset.lat || !item.dataset.lng || !Number.isFinite(lat) || !Number.isFinite(lng))
      return [];
    const tenths = Number(item.dataset.rating);
    return [
      {
        id: index + 1,
        name: link.textContent?.trim() ?? "",
        lat,
        lng,
        rating: Number.isFinite(tenths) ? tenths / 10 : 0,
        ratingCount: 0,
        url: link.getAttribute("href") ?? "",
      },
    ];
  });
}

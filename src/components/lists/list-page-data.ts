// What a list's own page shows (/list/{id}, issue 32): the list with its items and the owner's
// note on each, read through the typed client. The host reads it as a visitor, so only a
// public list of a public account has a page in the HTML; the page's island reads it again
// with the reader's token (src/islands/lists/). Meta and the ItemList JSON-LD come from it.
import { callOptions, itemOf, type ApiClient } from "../../shared/api-client.ts";
import type { ListDetail, ListItem } from "../../shared/schemas/lists.ts";
import { clip } from "../catalogue/page-meta.ts";

export type ListPageData = ListDetail;

/** The list as `token`'s holder (a visitor without one) may see it, or null when hidden or missing. */
export function loadListPage(api: ApiClient, id: number, token?: string): Promise<ListPageData | null> {
  return itemOf(api.lists[":id"].$get({ param: { id: String(id) }, query: {} }, callOptions({ token })));
}

/** The items a page links to: a removed one has nothing to show but the owner's note. */
export const shownItems = (items: ListItem[]) => items.filter((item) => item.status !== "removed");

export const itemHref = (item: Pick<ListItem, "kind" | "id">) => `/${item.kind}/${item.id}`;

export function listTitle(list: Pick<ListPageData, "name" | "owner">): string {
  return `${list.name}, a list by ${list.owner.username}`;
}

const count = (n: number) => `${n} ${n === 1 ? "place or dish" : "places and dishes"}`;

export interface ListPageMeta {
  title: string;
  description: string;
  canonicalPath: string;
  /** The first item's photo; undefined: the site's default card. */
  ogImage: string | undefined;
  jsonLd: object;
}

export function listPageMeta(id: number, list: ListPageData, origin: URL): ListPageMeta {
  const items = shownItems(list.items);
  const url = new URL(`/list/${id}`, origin).href;
  return {
    title: `${listTitle(list)} | Dishcovery`,
    description: clip(
      list.description || `${count(items.length)} saved by ${list.owner.username} on Dishcovery.`,
    ),
    canonicalPath: `/list/${id}`,
    ogImage: items.find((item) => item.image)?.image ?? undefined,
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "ItemList",
      name: list.name,
      ...(list.description ? { description: list.description } : {}),
      url,
      author: {
        "@type": "Person",
        name: list.owner.username,
        url: new URL(`/user/${list.owner.userId}`, origin).href,
      },
      numberOfItems: items.length,
      itemListOrder: "https://schema.org/ItemListUnordered",
      itemListElement: items.map((item, index) => ({
        "@type": "ListItem",
        position: index + 1,
        url: new URL(itemHref(item), origin).href,
        name: item.name,
      })),
    },
  };
}

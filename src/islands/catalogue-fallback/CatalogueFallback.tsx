// Client rendering for catalogue items created after the build (architecture brief,
// "Static first"): the host serves /{kind}/fallback for an id without a prerendered page;
// this island reads the id from the address, loads the page through the same loaders as
// the build and renders the same detail view, with the spec's loading, error and no-data states.
import { useEffect, useState } from "react";
import { CataloguePageBody, type CataloguePageProps } from "../../components/catalogue/CataloguePageBody.tsx";
import { StateMessage } from "../../components/catalogue/StateMessage.tsx";
import { PAGE_LOADERS, PAGE_MESSAGES, type CatalogueKind, type PageData } from "../../components/catalogue/page-data.ts";
import { areaMeta, dishMeta, offerMeta, restaurantMeta, type PageMeta } from "../../components/catalogue/page-meta.ts";
import { api } from "../../shared/api-client.ts";
import { idFromPath } from "./item-id.ts";
import "../../components/catalogue/catalogue.css";

type View<K extends CatalogueKind> =
  | { status: "loading" }
  | { status: "error" }
  | { status: "no-data" }
  | { status: "ready"; data: PageData[K] };

function metaOf<K extends CatalogueKind>(kind: K, data: PageData[K]): PageMeta {
  if (kind === "dish") return dishMeta((data as PageData["dish"]).dish);
  if (kind === "restaurant") return restaurantMeta((data as PageData["restaurant"]).restaurant);
  if (kind === "offers") return offerMeta((data as PageData["offers"]).offer);
  return areaMeta((data as PageData["area"]).area);
}

export default function CatalogueFallback<K extends CatalogueKind>({ kind }: { kind: K }) {
  const [view, setView] = useState<View<K>>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const messages = PAGE_MESSAGES[kind];

  useEffect(() => {
    const id = idFromPath(window.location.pathname, kind);
    if (id === null) {
      setView({ status: "no-data" });
      return;
    }
    let current = true;
    setView({ status: "loading" });
    (PAGE_LOADERS[kind] as (client: typeof api, id: number) => Promise<PageData[K] | null>)(api, id).then(
      (data) => current && setView(data ? { status: "ready", data } : { status: "no-data" }),
      () => current && setView({ status: "error" }),
    );
    return () => {
      current = false;
    };
  }, [kind, attempt]);

  useEffect(() => {
    if (view.status === "loading") return;
    if (view.status !== "ready") {
      document.title = `${view.status === "error" ? messages.failed : messages.noData} | Dishcovery`;
      return;
    }
    const meta = metaOf(kind, view.data);
    document.title = meta.title;
    document.querySelector('meta[name="description"]')?.setAttribute("content", meta.description);
    document.querySelector('link[rel="canonical"]')?.setAttribute("href", new URL(window.location.pathname, window.location.origin).href);
  }, [kind, view, messages]);

  // The same body the build renders for prerendered items.
  if (view.status === "ready") return <CataloguePageBody {...({ kind, data: view.data } as CataloguePageProps)} />;
  if (view.status === "error") return <StateMessage state="error" message={messages.failed} onRetry={() => setAttempt((n) => n + 1)} />;
  if (view.status === "no-data") return <StateMessage state="no-data" message={messages.noData} />;
  return <StateMessage state="loading" message={messages.loading} />;
}

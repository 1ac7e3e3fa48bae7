// A list's own page (/list/{id}, issue 32): its name, owner and description, then its items,
// each with the owner's note, as static markup. The host renders it on demand into the built
// template (src/server/pages/list-page-render.ts); the page's island renders the same component
// when a signed-in reader may see a list a visitor may not (src/islands/lists/). Each item
// carries what the sort control needs (added date, rating, position) as data attributes, so
// sorting reorders the markup without asking the API again.
import type { ReactNode } from "react";
import { fileUrl } from "../../domain/file-url.ts";
import { ratingLabel } from "../../domain/rating-label.ts";
import type { ListItem } from "../../shared/schemas/lists.ts";
import { ownerDay } from "../catalogue/owner-day.ts";
import { SaveButton } from "../cards/SaveButton.tsx";
import { itemHref, type ListPageData } from "./list-page-data.ts";

const VISIBILITY_TEXT = {
  public: "Public list",
  followers: "Followers only",
  private: "Private list",
} as const;

function Rating({ tenths, reviews }: { tenths: number | null; reviews: number }) {
  if (tenths === null) return <span className="lp-fact">Not rated yet</span>;
  return (
    <span className="lp-fact">
      <span className="visually-hidden">Rated </span>
      <strong>{(tenths / 10).toFixed(1)}</strong>
      <span className="visually-hidden"> out of 5</span> {ratingLabel(tenths)} ·{" "}
      {`${reviews} ${reviews === 1 ? "review" : "reviews"}`}
    </span>
  );
}

/** What the owner's view adds under each item (the note editor); nothing for anyone else. */
export type ItemTools = (item: ListItem) => ReactNode;

function Item({ item, owner, tools }: { item: ListItem; owner: string; tools?: ItemTools }) {
  const removed = item.status === "removed";
  return (
    <li
      className="lp-item"
      data-list-item={`${item.kind}:${item.savedId}`}
      data-added={item.addedAt}
      data-rating={item.ratingTenths ?? undefined}
      data-lat={item.lat ?? undefined}
      data-lng={item.lng ?? undefined}
    >
      {item.image && !removed ? (
        <img
          className="lp-item__photo"
          src={item.image}
          alt=""
          width={72}
          height={72}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <span className="lp-item__photo lp-item__photo--empty" aria-hidden="true" />
      )}
      <div className="lp-item__text">
        {removed ? (
          <h2 className="lp-item__name">{item.statusNote}</h2>
        ) : (
          <h2 className="lp-item__name">
            <a href={itemHref(item)}>{item.name}</a>
          </h2>
        )}
        {!removed && (
          <p className="lp-item__facts">
            <span className="lp-fact">
              {item.kind === "dish" ? `Dish at ${item.restaurantName ?? "a restaurant"}` : "Restaurant"}
            </span>
            <Rating tenths={item.ratingTenths} reviews={item.reviewCount} />
            <span className="lp-fact" data-list-distance hidden />
          </p>
        )}
        {item.status === "merged" && <p className="lp-item__status">{item.statusNote}</p>}
        {item.note && (
          <p className="lp-item__note">
            <span className="visually-hidden">{`${owner}'s note: `}</span>
            {item.note}
          </p>
        )}
        <p className="lp-item__added">
          Added <time dateTime={item.addedAt}>{ownerDay(item.addedAt)}</time>
        </p>
        {tools?.(item)}
      </div>
      {!removed && <SaveButton kind={item.kind} id={item.id} name={item.name} />}
    </li>
  );
}

export function ListPageBody({ list, itemTools }: { list: ListPageData; itemTools?: ItemTools }) {
  const avatar = fileUrl(list.owner.avatar);
  return (
    <article className="lp-list" aria-labelledby="lp-title" data-list-visibility={list.visibility}>
      <header className="lp-head">
        <h1 id="lp-title" className="lp-title">
          {list.name}
        </h1>
        <p className="lp-meta">
          <a className="lp-owner" href={`/user/${list.owner.userId}`}>
            {avatar ? (
              <img className="lp-avatar" src={avatar} alt="" width={32} height={32} decoding="async" />
            ) : (
              <span className="lp-avatar lp-avatar--empty" aria-hidden="true">
                {Array.from(list.owner.username)[0]?.toUpperCase() ?? "?"}
              </span>
            )}
            <span>
              <span className="visually-hidden">A list by </span>
              {list.owner.username}
            </span>
          </a>
          <span>
            {` · ${list.itemCount} ${list.itemCount === 1 ? "item" : "items"} · ${VISIBILITY_TEXT[list.visibility]}`}
          </span>
        </p>
        {list.description && <p className="lp-description">{list.description}</p>}
      </header>
      {list.items.length === 0 ? (
        <p className="lp-empty">Nothing saved here yet.</p>
      ) : (
        <ol className="lp-items" data-list-items aria-label={`Saved in ${list.name}`}>
          {list.items.map((item) => (
            <Item
              key={`${item.kind}:${item.savedId}`}
              item={item}
              owner={list.owner.username}
              tools={itemTools}
            />
          ))}
        </ol>
      )}
    </article>
  );
}

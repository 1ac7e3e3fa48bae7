// The reported thing itself, shown as the moderator needs it (issue 21): a review's text,
// rating, photos and the item it is about; a comment and the review it is on; a person's
// profile; a restaurant's or dish's fields. Removed content is shown, and says it was removed.
import type { QueueItem } from "../../shared/schemas/moderation.ts";
import { placeFieldText, usePlaceNames, type PlaceNames } from "./place-names.ts";

type Target = NonNullable<QueueItem["target"]>;

const FIELD_LABELS: Record<string, string> = {
  address: "Address",
  postCode: "Postcode",
  description: "Description",
  areaId: "Area",
  regionId: "Region",
  restaurantId: "Restaurant id",
  priceMinor: "Price",
  currency: "Currency",
};

function fieldText(key: string, value: unknown, names: PlaceNames | null): string {
  const place = placeFieldText(key, value, names);
  if (place !== null) return place;
  if (value === null || value === undefined || value === "") return "—";
  if (key === "priceMinor" && typeof value === "number") return `£${(value / 100).toFixed(2)}`;
  return typeof value === "string" ? value : JSON.stringify(value);
}

function Removed({ at }: { at: string | null }) {
  return at ? (
    <p className="mod-flag mod-flag--removed">
      Removed on {at.slice(0, 10)}; only its author and moderators see it.
    </p>
  ) : null;
}

export function ItemContext({ target, targetId }: { target: Target | null; targetId: number }) {
  const names = usePlaceNames(target !== null && "fields" in target);
  if (!target) return <p className="sp-note">Its author deleted it; nothing is left to decide about.</p>;
  switch (target.type) {
    case "review":
      return (
        <div className="mod-context">
          <p>
            About the {target.subject.kind} <a href={target.subject.url}>{target.subject.name}</a>
            {target.rating !== null && <>, rated {target.rating.toFixed(1)} out of 5</>}.
          </p>
          <Removed at={target.removedAt} />
          <blockquote className="mod-quote">{target.content || "(No text.)"}</blockquote>
          {target.photos.length > 0 && (
            <ul className="mod-photos">
              {target.photos.map((src, index) => (
                <li key={src}>
                  <a href={src}>
                    <img
                      src={src}
                      alt={`Photo ${index + 1} of ${target.photos.length} of the review`}
                      loading="lazy"
                    />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      );
    case "comment":
      return (
        <div className="mod-context">
          <Removed at={target.removedAt} />
          <blockquote className="mod-quote">{target.content}</blockquote>
          <p className="sp-note">On the review: “{target.post.content}”</p>
        </div>
      );
    case "reply":
      return (
        <div className="mod-context">
          <Removed at={target.removedAt} />
          <p>
            The owner of <a href={`/restaurant/${target.restaurant.id}`}>{target.restaurant.name}</a> replied:
          </p>
          <blockquote className="mod-quote">{target.content}</blockquote>
          <p className="sp-note">To the review: “{target.post.content}”</p>
        </div>
      );
    case "user":
      return (
        <div className="mod-context">
          <p>
            <a href={`/user/${targetId}`}>@{target.username}</a>
            {target.name && <> ({target.name})</>}
          </p>
          {target.avatar && (
            <img className="mod-avatar" src={target.avatar} alt={`@${target.username}'s profile photo`} />
          )}
          <blockquote className="mod-quote">{target.bio || "(No bio.)"}</blockquote>
          {target.suspendedUntil && (
            <p className="mod-flag">Suspended until {target.suspendedUntil.slice(0, 10)}.</p>
          )}
        </div>
      );
    default:
      return (
        <div className="mod-context">
          <p>
            <a href={target.url}>{target.name}</a>
          </p>
          <Removed at={target.removedAt} />
          <dl className="mod-fields">
            {Object.entries(target.fields).map(([key, value]) => (
              <div key={key}>
                <dt>{FIELD_LABELS[key] ?? key}</dt>
                <dd>{fieldText(key, value, names)}</dd>
              </div>
            ))}
          </dl>
        </div>
      );
  }
}

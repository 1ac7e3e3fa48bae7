// The author's own view of their review after a moderator removed it (issue 30, docs/moderation.md
// "What the author of a removed review sees"): that it was removed and why, in the policy's words
// and the moderator's note, what they wrote, and the way to appeal while the decision allows it.
// No Share: the review is not public. Nobody else reaches this: they get the page's 404.
import { ownerDay } from "../../components/catalogue/owner-day.ts";
import { REVIEW_POLICY_PATH } from "../../components/trust/trust-links.ts";
import type { PostCard } from "../../shared/schemas/social-posts.ts";
import type { Removal } from "../../shared/schemas/removed-review.ts";

function AppealLine({ removal }: { removal: Removal }) {
  if (removal.final) return <p>This decision was made on appeal and is final.</p>;
  if (removal.appealed) return <p>You have appealed this decision. A different moderator will decide, and tell you.</p>;
  if (removal.appealable && removal.appealUntil) {
    return (
      <>
        <p>
          If you think this is wrong, you can appeal once, until {ownerDay(removal.appealUntil)}: a different moderator will
          decide, and that decision is final.
        </p>
        <p>
          <a className="btn btn-primary" href="/notifications">
            Appeal from your notifications
          </a>
        </p>
      </>
    );
  }
  if (removal.decisionId !== null) return <p>The time to appeal this decision has passed.</p>;
  return null;
}

export function RemovedReview({ post, removal }: { post: PostCard; removal: Removal }) {
  return (
    <section className="rp-review rp-removed" aria-labelledby="rp-removed-heading">
      <h1 id="rp-removed-heading" className="rp-title">
        Your review of {post.subject.name} was removed
      </h1>
      <p>
        A moderator removed it on {ownerDay(removal.removedAt)}
        {removal.reasonLabel ? (
          <>
            . Reason: <strong>{removal.reasonLabel}</strong>.
          </>
        ) : (
          "."
        )}
      </p>
      {removal.note && <p>Moderator&rsquo;s note: {removal.note}</p>}
      <p className="rp-meta">
        Only you can see this page. The review is not shown to anyone else and does not count in any rating.
      </p>
      <AppealLine removal={removal} />
      <h2 className="rp-removed__what">What you wrote</h2>
      {post.rating !== null && <p className="rp-meta">Your rating: {post.rating.toFixed(1)} out of 5</p>}
      <blockquote className="rp-text">{post.content || "(no text)"}</blockquote>
      <p>
        <a href={REVIEW_POLICY_PATH}>Read our review policy</a> · <a href={`/${post.subject.kind}/${post.subject.id}`}>Go to {post.subject.name}</a>
      </p>
    </section>
  );
}

// The restaurant owner's public reply under a review (issue 22, docs/owners.md), labelled
// "Reply from the owner" with its date; live, from the review list's answer.
import { ownerDay } from "../../components/catalogue/owner-day.ts";
import type { DishReview } from "../../shared/schemas/reviews.ts";
import { PostText } from "../post-card/PostPieces.tsx";

export const OWNER_REPLY_LABEL = "Reply from the owner";

export function OwnerReply({ reply }: { reply: DishReview["ownerReply"] }) {
  if (!reply) return null;
  return (
    <div className="ir-owner-reply">
      <p className="ir-owner-reply__head">
        <strong>{OWNER_REPLY_LABEL}</strong>{" "}
        <time dateTime={reply.createdAt}>{ownerDay(reply.createdAt)}</time>
        {reply.updatedAt && <span> · edited</span>}
      </p>
      <PostText text={reply.content} />
    </div>
  );
}

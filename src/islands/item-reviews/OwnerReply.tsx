// The restaurant owner's public reply under a review (issue 22, docs/owners.md), labelled
// "Reply from the owner" with its date; live, from the review list's answer. Replies are
// reportable like comments: anyone signed in reports one with a reason, a visitor is asked
// to log in first (issue 24: the control is there for both).
import { useRef, useState } from "react";
import { ownerDay } from "../../components/catalogue/owner-day.ts";
import type { DishReview } from "../../shared/schemas/reviews.ts";
import { loginHref } from "../../client/login-return.ts";
import type { Session } from "../../client/session.ts";
import { PostText } from "../../client/post-card/post-pieces.tsx";
import { ReportSteps } from "../../client/post-card/report-steps.tsx";
import { ITEM_REVIEWS_MESSAGES } from "../../client/review-messages.ts";
import { reportOwnerReply } from "./owner-reply-api.ts";

export const OWNER_REPLY_LABEL = "Reply from the owner";

export const REPORT_REPLY_TEXT = {
  name: "Report this reply",
  legend: "Why are you reporting this reply?",
  reasonMissing: ITEM_REVIEWS_MESSAGES.reportReason,
  failed: ITEM_REVIEWS_MESSAGES.reportFailed,
  signedOut: "You must be logged in to report a reply.",
};

type Panel = "none" | "login" | "report" | "reported";

export function OwnerReply({
  reply,
  postId,
  session,
}: {
  reply: DishReview["ownerReply"];
  postId: number;
  session: Session | null;
}) {
  if (!reply) return null;
  return (
    <div className="ir-owner-reply">
      <p className="ir-owner-reply__head">
        <strong>{OWNER_REPLY_LABEL}</strong>{" "}
        <time dateTime={reply.createdAt}>{ownerDay(reply.createdAt)}</time>
        {reply.updatedAt && <span> · edited</span>}
      </p>
      <PostText text={reply.content} />
      <ReportReply postId={postId} session={session} />
    </div>
  );
}

function ReportReply({ postId, session }: { postId: number; session: Session | null }) {
  const [panel, setPanel] = useState<Panel>("none");
  const button = useRef<HTMLButtonElement>(null);
  return (
    <div className="ir-actions">
      {(panel === "none" || panel === "login") && (
        <button
          type="button"
          className="ir-link"
          ref={button}
          aria-expanded={panel === "login" ? true : undefined}
          onClick={() => setPanel(session ? "report" : "login")}
        >
          Report this reply
        </button>
      )}
      {panel === "login" && (
        <p className="ir-notice" role="status">
          {REPORT_REPLY_TEXT.signedOut} <a href={loginHref()}>Login</a>
        </p>
      )}
      <ReportSteps
        step={panel}
        onStep={setPanel}
        opener={button}
        text={REPORT_REPLY_TEXT}
        send={(reason) => (session ? reportOwnerReply(session.token, postId, reason) : null)}
      />
    </div>
  );
}

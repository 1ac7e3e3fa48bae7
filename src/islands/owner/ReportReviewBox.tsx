// The owner reports a review of their restaurant (issue 22, docs/owners.md): the reasons
// anyone has, and first the owner's own, "I am being asked for something in exchange for this
// review" (extortion), which goes to the top of the moderation queue. Reporting never hides
// or changes the review: a moderator decides.
import { useRef, useState } from "react";
import {
  OWNER_ONLY_REPORT_REASONS,
  REPORT_REASONS,
  REPORT_RECEIVED_MESSAGE,
  type OwnerReportReasonId,
} from "../../domain/report-reasons.ts";
import { ReportForm, useFocusAfterRender } from "../post-card/PostPieces.tsx";
import "../post-card/post-card.css";
import type { OwnerApi } from "./owner-api.ts";

const OWNER_REASONS: readonly { id: OwnerReportReasonId; label: string }[] = [
  ...OWNER_ONLY_REPORT_REASONS,
  ...REPORT_REASONS,
];

export const OWNER_REPORT_TEXT = {
  name: "Report this review",
  legend: "Why are you reporting this review?",
  reasonMissing: "Please choose a reason.",
  failed: "Failed to send report. Please try again.",
  signedOut: "Your session has ended. Please log in again to report this review.",
};

export function ReportReviewBox({
  api,
  token,
  postId,
  author,
}: {
  api: OwnerApi;
  token: string;
  postId: number;
  author: string;
}) {
  const [panel, setPanel] = useState<"none" | "report" | "reported">("none");
  const button = useRef<HTMLButtonElement>(null);
  const done = useRef<HTMLParagraphElement>(null);
  const focusAfterRender = useFocusAfterRender();
  return (
    <div className="owner-report">
      {panel === "none" && (
        <button type="button" className="owner-link" ref={button} onClick={() => setPanel("report")}>
          Report this review<span className="visually-hidden"> by {author}</span>
        </button>
      )}
      {panel === "report" && (
        <ReportForm
          text={OWNER_REPORT_TEXT}
          reasons={OWNER_REASONS}
          send={(reason) => api.reportReview(token, postId, reason)}
          onDone={(sent) => {
            setPanel(sent ? "reported" : "none");
            focusAfterRender(sent ? done : button);
          }}
        />
      )}
      {panel === "reported" && (
        <p className="ir-notice ir-notice--done" role="status" tabIndex={-1} ref={done}>
          {REPORT_RECEIVED_MESSAGE}
        </p>
      )}
    </div>
  );
}

// The owner reports a review of their restaurant (issue 22, docs/owners.md): the reasons
// anyone has, and first the owner's own, "I am being asked for something in exchange for this
// review" (extortion), which goes to the top of the moderation queue. Reporting never hides
// or changes the review: a moderator decides.
import { useRef, useState } from "react";
import {
  OWNER_ONLY_REPORT_REASONS,
  REPORT_REASONS,
  type OwnerReportReasonId,
} from "../../domain/report-reasons.ts";
import { ReportSteps } from "../../client/post-card/report-steps.tsx";
import "../../client/post-card/post-card.css";
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
  return (
    <div className="owner-report">
      {panel === "none" && (
        <button type="button" className="owner-link" ref={button} onClick={() => setPanel("report")}>
          Report this review<span className="visually-hidden"> by {author}</span>
        </button>
      )}
      <ReportSteps
        step={panel}
        onStep={setPanel}
        opener={button}
        text={OWNER_REPORT_TEXT}
        reasons={OWNER_REASONS}
        send={(reason) => api.reportReview(token, postId, reason)}
      />
    </div>
  );
}

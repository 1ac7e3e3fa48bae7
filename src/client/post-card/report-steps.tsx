// The two steps after a "Report" button, as owner replies and the owner's own review report
// share them: the reason form, then the note that the report was received. Focus follows the
// person: to the note once sent, back to the button if they leave the form unsent.
import { useRef, type RefObject } from "react";
import { REPORT_RECEIVED_MESSAGE, type ReportReasonId } from "../../domain/report-reasons.ts";
import type { ApiOutcome } from "../../shared/api-client.ts";
import { ReportForm, type ReportFormText } from "./post-pieces.tsx";
import { useFocusAfterRender } from "../use-focus-after-render.ts";

export function ReportSteps<R extends string = ReportReasonId>({
  step,
  onStep,
  opener,
  text,
  send,
  reasons,
}: {
  /** The island's open panel: only "report" and "reported" show anything here. */
  step: string;
  onStep: (step: "none" | "reported") => void;
  opener: RefObject<HTMLButtonElement | null>;
  text: ReportFormText;
  send: (reason: R) => Promise<ApiOutcome<unknown>> | null;
  reasons?: readonly { id: R; label: string }[];
}) {
  const done = useRef<HTMLParagraphElement>(null);
  const focusAfterRender = useFocusAfterRender();
  return (
    <>
      {step === "report" && (
        <ReportForm
          text={text}
          send={send}
          reasons={reasons}
          onDone={(sent) => {
            onStep(sent ? "reported" : "none");
            focusAfterRender(sent ? done : opener);
          }}
        />
      )}
      {step === "reported" && (
        <p className="ir-notice ir-notice--done" role="status" tabIndex={-1} ref={done}>
          {REPORT_RECEIVED_MESSAGE}
        </p>
      )}
    </>
  );
}

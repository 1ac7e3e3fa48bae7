// One item's decision form (issue 21): the draft, its per-field errors (each stays until its
// field changes, docs/accessibility.md point 3), the confirmation step for remove and suspend,
// and the call. A failure keeps the item and says why; the API's own refusals (an appeal of
// one's own decision, one's own content) are shown as it words them.
import { useRef, useState } from "react";
import type { ModerationActionInput, QueueItem } from "../../shared/schemas/moderation.ts";
import type { Session } from "../../client/session.ts";
import { SIGNED_OUT } from "../../client/screen-parts.tsx";
import {
  decisionRequest,
  emptyDraft,
  needsConfirmation,
  serverErrors,
  type DecisionDraft,
  type DraftErrors,
  type DraftField,
} from "./decision-draft.ts";
import type { ModerationApi } from "./moderation-api.ts";
import { decisionMessage } from "./queue-view.ts";

export function useDecision(
  api: ModerationApi,
  session: Session,
  item: QueueItem,
  onDecided: (message: string) => void,
) {
  const [draft, setDraft] = useState<DecisionDraft>(() => emptyDraft(item));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<ModerationActionInput | null>(null);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);

  function change<K extends keyof DecisionDraft>(
    key: K,
    value: DecisionDraft[K],
    field: DraftField = key as DraftField,
  ) {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
    setFailure(null);
  }

  async function send(request: ModerationActionInput) {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    const outcome = await api.decide(session.token, request);
    busyRef.current = false;
    setBusy(false);
    if (outcome.kind === "ok") {
      onDecided(decisionMessage(request.action, item));
      return;
    }
    if (outcome.kind === "failed" && outcome.status === 401) return setFailure(SIGNED_OUT);
    const fieldErrors = outcome.kind === "failed" ? serverErrors(outcome.fields) : {};
    setErrors(fieldErrors);
    setFailure(
      Object.keys(fieldErrors).length > 0
        ? "Please check the fields marked."
        : outcome.message || "Could not record the decision. Please try again.",
    );
  }

  function submit() {
    if (busyRef.current) return;
    const built = decisionRequest(item, draft);
    if ("errors" in built) {
      setErrors(built.errors);
      setFailure("Please check the fields marked.");
      return;
    }
    if (needsConfirmation(built.request.action)) setConfirming(built.request);
    else void send(built.request);
  }

  return {
    draft,
    change,
    errors,
    failure,
    busy,
    submit,
    confirming,
    cancel: () => setConfirming(null),
    confirm: () => {
      const request = confirming;
      setConfirming(null);
      if (request) void send(request);
    },
  };
}

export type DecisionState = ReturnType<typeof useDecision>;

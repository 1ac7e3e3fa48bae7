// /claim-my-restaurant (issue 22, docs/owners.md "Claiming a restaurant"): find the restaurant,
// start a claim, then the mailed code or evidence (a reload while the code still works comes
// back to the code step, issue 30), each step its own state with a heading that
// takes the focus when it replaces the one before (docs/accessibility.md point 2).
import { useEffect, useRef, useState } from "react";
import { OWNER_MESSAGES } from "../../domain/owners.ts";
import { ClaimedLabel } from "../../components/catalogue/owner-parts.tsx";
import { currentSession, type Session } from "../../client/session.ts";
import { AuthCard, StatusLine } from "../../client/account-forms.tsx";
import { useStatus } from "../../client/use-status.ts";
import { claimApi as defaultClaimApi, type ClaimApi, type ClaimPlace, type ClaimStarted } from "./claim-api.ts";
import { ClaimsSoFar } from "./ClaimsSoFar.tsx";
import { CodeStep } from "./CodeStep.tsx";
import { EvidenceStep } from "./EvidenceStep.tsx";
import { FindRestaurant } from "./FindRestaurant.tsx";
import "./claim.css";

type Step =
  | { kind: "resuming" }
  | { kind: "find" }
  | { kind: "code"; restaurant: ClaimPlace; started: ClaimStarted }
  | { kind: "evidence"; restaurant: ClaimPlace; reason: "no-code" | "chosen" }
  | { kind: "evidence-sent"; restaurant: ClaimPlace }
  | { kind: "claimed"; restaurant: ClaimPlace; claimedAt: string };

const STEP_TITLES: Record<Step["kind"], string> = {
  resuming: "Claim your restaurant",
  find: "Find your restaurant",
  code: "Enter the code we e-mailed",
  evidence: "Send evidence that it is yours",
  "evidence-sent": "Evidence sent",
  claimed: "Claim verified",
};

let defaultApi: ClaimApi | null = null;

/**
 * Where the claim stands: a claim whose code still works resumes at the code step, anything else
 * starts at the search; each new step's heading takes the focus, but not the first one shown.
 */
function useClaimSteps(api: ClaimApi) {
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  const [step, setStep] = useState<Step>({ kind: "resuming" });
  const [starting, setStarting] = useState<number | null>(null);
  const [status, showStatus] = useStatus();
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  useEffect(() => setSession(currentSession()), []);
  useEffect(() => {
    if (!session) return;
    let live = true;
    void api.resumable(session.token).then((outcome) => {
      if (!live) return;
      // Anything but a claim to resume (none, or the call failing) starts at the search.
      const claim = outcome.kind === "ok" ? outcome.data : null;
      setStep((current) =>
        current.kind !== "resuming"
          ? current
          : claim
            ? { kind: "code", restaurant: claim.restaurant, started: claim.started }
            : { kind: "find" },
      );
    });
    return () => void (live = false);
  }, [api, session]);
  useEffect(() => {
    // Not on the first render: the page opens at its top, like any other.
    if (moved.current) heading.current?.focus();
    // The first step shown (after a resumed claim too) is where the page opens, unfocused.
    if (step.kind !== "resuming") moved.current = true;
  }, [step.kind]);

  async function choose(restaurant: ClaimPlace) {
    if (!session || starting !== null) return;
    setStarting(restaurant.id);
    showStatus(null);
    const outcome = await api.start(session.token, restaurant.id);
    setStarting(null);
    if (outcome.kind !== "ok") return showStatus({ tone: "error", text: `${restaurant.name}: ${outcome.message}` });
    setStep(
      outcome.data.routes.includes("code")
        ? { kind: "code", restaurant, started: outcome.data }
        : { kind: "evidence", restaurant, reason: "no-code" },
    );
  }

  return { session, step, setStep, starting, status, heading, choose };
}

type ClaimSteps = ReturnType<typeof useClaimSteps>;

/** The step's own part, below its heading and the restaurant chosen. */
function StepBody({
  api,
  token,
  claim: { step, setStep, starting, status, choose },
}: {
  api: ClaimApi;
  token: string;
  claim: ClaimSteps;
}) {
  if (step.kind === "resuming") return null;
  if (step.kind === "find") {
    return (
      <>
        <FindRestaurant api={api} onChoose={(r) => void choose(r)} starting={starting} />
        <StatusLine status={status} />
      </>
    );
  }
  const { restaurant } = step;
  // What the code and evidence steps both need: the API, the session and the restaurant.
  const claimOf = { api, token, restaurantId: restaurant.id };
  switch (step.kind) {
    case "code":
      return (
        <CodeStep
          {...claimOf}
          started={step.started}
          onStarted={(started) => setStep({ ...step, started })}
          onVerified={({ claimedAt }) => setStep({ kind: "claimed", restaurant, claimedAt })}
          onEvidence={() => setStep({ kind: "evidence", restaurant, reason: "chosen" })}
        />
      );
    case "evidence":
      return <EvidenceStep {...claimOf} reason={step.reason} onSent={() => setStep({ kind: "evidence-sent", restaurant })} />;
    case "evidence-sent":
      return (
        <p className="acct-status acct-status--success">
          {OWNER_MESSAGES.evidenceReceived} We will tell you when they decide, in your notifications and by e-mail.
        </p>
      );
    case "claimed":
      return (
        <>
          <p className="acct-status acct-status--success">{OWNER_MESSAGES.claimVerified}</p>
          <ClaimedLabel claimedAt={step.claimedAt} />
          <p>
            <a className="btn btn-primary" href="/owner">
              Go to your owner dashboard
            </a>
          </p>
        </>
      );
  }
}

export default function ClaimScreen({ api = (defaultApi ??= defaultClaimApi()) }: { api?: ClaimApi }) {
  const claim = useClaimSteps(api);
  const { session, step, setStep, heading } = claim;

  if (session === undefined) return <AuthCard title="Claim your restaurant">{null}</AuthCard>;
  if (session === null) {
    return (
      <AuthCard title="Claim your restaurant">
        <p>Sign in first: owners claim their restaurant with an ordinary Dishcovery account.</p>
        <p>
          <a className="btn btn-primary" href="/sign-in-restaurant">
            Sign in or sign up
          </a>
        </p>
      </AuthCard>
    );
  }

  if (step.kind === "resuming") {
    return (
      <AuthCard title="Claim your restaurant">
        <p role="status">Loading your claims…</p>
      </AuthCard>
    );
  }
  const restaurant = step.kind === "find" ? null : step.restaurant;
  return (
    <AuthCard title="Claim your restaurant">
      {step.kind === "find" && <ClaimsSoFar api={api} token={session.token} />}
      <h2 className="claim-step-title" tabIndex={-1} ref={heading}>
        {STEP_TITLES[step.kind]}
      </h2>
      {restaurant && (
        <p className="claim-chosen">
          <strong>{restaurant.name}</strong>
          <span>{[restaurant.address, restaurant.postCode].filter(Boolean).join(", ")}</span>
        </p>
      )}
      <StepBody api={api} token={session.token} claim={claim} />
      {step.kind !== "find" && step.kind !== "claimed" && (
        <p>
          <button type="button" className="claim-back" onClick={() => setStep({ kind: "find" })}>
            Claim another restaurant
          </button>
        </p>
      )}
    </AuthCard>
  );
}

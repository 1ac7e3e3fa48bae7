// The sign-up screens' progress: e-mail, verify, details.
const SIGNUP_STEP_NAMES = ["E-mail", "Verify", "Details"] as const;

/** Where the person is in the three sign-up screens. */
export function SignupSteps({ current }: { current: 1 | 2 | 3 }) {
  return (
    <ol className="acct-steps">
      {SIGNUP_STEP_NAMES.map((name, index) => {
        const step = index + 1;
        const state = step < current ? "done" : step === current ? "current" : "todo";
        return (
          <li
            key={name}
            className={`acct-step acct-step--${state}`}
            aria-current={state === "current" ? "step" : undefined}
          >
            <span className="acct-step-number" aria-hidden="true">
              {state === "done" ? "✓" : step}
            </span>
            <span className="acct-step-name">
              <span className="visually-hidden">Step {step} of 3: </span>
              {name}
              {state === "done" ? <span className="visually-hidden"> (done)</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

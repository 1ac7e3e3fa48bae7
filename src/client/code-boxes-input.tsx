// Six single-character boxes for the verification code. The rules (upper-casing, paste,
// Backspace moving back) are in code-boxes.ts; this file wires them to the inputs and focus.
import { useEffect, useRef, type ClipboardEvent, type KeyboardEvent } from "react";
import { backspace, enterText, typeIntoBox, type CodeBoxChange, type CodeBoxes } from "./code-boxes.ts";

interface Props {
  boxes: CodeBoxes;
  onChange: (boxes: CodeBoxes) => void;
  disabled?: boolean;
  /** While the code is being checked: the boxes keep the focus (a disabled one would drop it). */
  readOnly?: boolean;
  invalid?: boolean;
  labelledBy: string;
  describedBy?: string;
  /** Bumped by the screen to put the focus back in the first box (after a wrong code, a resend). */
  focusFirstSignal?: number;
}

export function CodeBoxesInput({
  boxes,
  onChange,
  disabled,
  readOnly,
  invalid,
  labelledBy,
  describedBy,
  focusFirstSignal,
}: Props) {
  const inputs = useRef<(HTMLInputElement | null)[]>([]);

  useEffect(() => {
    if (focusFirstSignal) inputs.current[0]?.focus();
  }, [focusFirstSignal]);

  function apply(change: CodeBoxChange) {
    onChange(change.boxes);
    const target = inputs.current[change.focus];
    if (target && target !== document.activeElement) target.focus();
  }

  function onKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Backspace") {
      event.preventDefault();
      if (!readOnly) apply(backspace(boxes, index));
    } else if (event.key === "ArrowLeft" && index > 0) {
      event.preventDefault();
      inputs.current[index - 1]?.focus();
    } else if (event.key === "ArrowRight" && index < boxes.length - 1) {
      event.preventDefault();
      inputs.current[index + 1]?.focus();
    }
  }

  function onPaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    if (!readOnly) apply(enterText(boxes, index, event.clipboardData.getData("text")));
  }

  return (
    <div className="acct-code" role="group" aria-labelledby={labelledBy} aria-describedby={describedBy}>
      {boxes.map((value, index) => (
        <input
          key={index}
          ref={(element) => {
            inputs.current[index] = element;
          }}
          className="acct-code-box"
          type="text"
          inputMode="text"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          // The first box takes the whole code from the operating system's one-time-code autofill.
          autoComplete={index === 0 ? "one-time-code" : "off"}
          aria-label={`Character ${index + 1} of ${boxes.length}`}
          aria-invalid={invalid ? true : undefined}
          value={value}
          disabled={disabled}
          readOnly={readOnly}
          onChange={(event) => apply(typeIntoBox(boxes, index, event.currentTarget.value))}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={(event) => onPaste(index, event)}
          onFocus={(event) => event.currentTarget.select()}
        />
      ))}
    </div>
  );
}

// A settings section's own outcome line: a status, or an alert when it failed.
export type Line = { text: string; error: boolean } | null;

export function StatusLine({ line, id }: { line: Line; id?: string }) {
  return (
    <p id={id} className={line?.error ? "ir-error" : "sp-status"} role={line?.error ? "alert" : "status"}>
      {line?.text ?? ""}
    </p>
  );
}

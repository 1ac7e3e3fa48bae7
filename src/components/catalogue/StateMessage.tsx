// Error and no-data states of a catalogue page, with the spec point 8 messages. Prerendered
// pages show the no-data state; a page rendered on demand (src/server/pages/catalogue-page-render.ts)
// shows either.
export type PageState = "error" | "no-data";

export function StateMessage({ state, message }: { state: PageState; message: string }) {
  return (
    <div
      className={state === "error" ? "cat-state cat-state--error" : "cat-state"}
      role={state === "error" ? "alert" : "status"}
    >
      <h1 className="cat-state__message">{message}</h1>
      <div className="cat-state__actions">
        <a className="btn btn-primary" href="/">
          Back to home
        </a>
      </div>
    </div>
  );
}

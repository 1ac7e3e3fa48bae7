// The dialogs another person's profile opens (spec point 2): Message (coming soon), Block with
// its confirmation, and Report. Each gives focus back to the button that opened it.
import type { RefObject } from "react";
import type { Profile } from "../../shared/schemas/social-profiles.ts";
import type { Session } from "../../client/session.ts";
import { ReportForm } from "../../client/post-card/post-pieces.tsx";
import { FEED_MESSAGES } from "../../client/feed-messages.ts";
import type { ProfileApi } from "./profile-api.ts";
import { Dialog, SIGNED_OUT } from "../../client/screen-parts.tsx";

export type ProfileDialog = "message" | "block" | "report";

export function ProfileDialogs({
  api,
  session,
  profile,
  dialog,
  busy,
  messageRef,
  moreRef,
  onClose,
  onBlock,
  onReported,
}: {
  api: ProfileApi;
  session: Session;
  profile: Profile;
  dialog: ProfileDialog | null;
  busy: boolean;
  messageRef: RefObject<HTMLButtonElement | null>;
  moreRef: RefObject<HTMLDivElement | null>;
  onClose: () => void;
  onBlock: () => void;
  onReported: () => void;
}) {
  return (
    <>
      <Dialog
        open={dialog === "message"}
        title={`Message @${profile.username}`}
        onClose={onClose}
        returnFocus={messageRef}
      >
        <p className="sp-soon">Coming soon</p>
        <p>
          Messaging isn't ready yet, and nothing here pretends to send. Until then, follow them and comment on
          their reviews.
        </p>
      </Dialog>
      <Dialog
        open={dialog === "block"}
        title={`Block @${profile.username}?`}
        onClose={onClose}
        returnFocus={moreButton(moreRef)}
      >
        <p>
          You will no longer see each other's posts, comments or profiles, and follows both ways are removed.
        </p>
        <div className="ir-buttons">
          <button
            type="button"
            className="btn btn-primary ir-danger"
            aria-disabled={busy || undefined}
            onClick={onBlock}
          >
            Block
          </button>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </Dialog>
      <Dialog
        open={dialog === "report"}
        title={`Report @${profile.username}`}
        onClose={onClose}
        returnFocus={moreButton(moreRef)}
      >
        <ReportForm
          text={{
            name: `Report @${profile.username}`,
            legend: "Why are you reporting this person?",
            reasonMissing: FEED_MESSAGES.reportReason,
            failed: FEED_MESSAGES.reportFailed,
            signedOut: SIGNED_OUT,
          }}
          send={(reason) => api.report(session.token, profile.userId, reason)}
          onDone={(sent) => {
            onClose();
            if (sent) onReported();
          }}
        />
      </Dialog>
    </>
  );
}

/** The More menu's button, read when the dialog closes (the menu renders it). */
function moreButton(ref: RefObject<HTMLDivElement | null>) {
  return {
    get current() {
      return ref.current?.querySelector("button") ?? null;
    },
  };
}

// A comment's row of actions (issue 12, "Comments"; issue 20): Like with its count, Reply, and
// Edit, Delete or Report as the reader may (the author edits and deletes, the post's author
// deletes, anyone else reports).
import type { RefObject } from "react";
import { formatCount } from "../../domain/format-count.ts";
import type { Comment, Reply } from "../../shared/schemas/social-posts.ts";

export type CommentPanel = "none" | "reply" | "edit" | "confirm-delete" | "report" | "reported";

export interface CommentButtons {
  replyButton: RefObject<HTMLButtonElement | null>;
  editButton: RefObject<HTMLButtonElement | null>;
  deleteButton: RefObject<HTMLButtonElement | null>;
  reportButton: RefObject<HTMLButtonElement | null>;
}

export function CommentActions({
  comment,
  panel,
  own,
  moderates,
  buttons,
  onLike,
  onPanel,
  onDelete,
  onReport,
}: {
  comment: Comment | Reply;
  panel: CommentPanel;
  own: boolean;
  moderates: boolean;
  buttons: CommentButtons;
  onLike: () => void;
  onPanel: (panel: CommentPanel) => void;
  onDelete: () => void;
  onReport: () => void;
}) {
  return (
    <div className="ir-buttons sf-comment__actions">
      <button type="button" className="ir-link" aria-pressed={comment.likedByUser} onClick={onLike}>
        Like<span className="visually-hidden"> {comment.username}'s comment</span>
      </button>
      <span className="sf-count">
        {formatCount(comment.likes)} <span>{comment.likes === 1 ? "like" : "likes"}</span>
      </span>
      <button
        type="button"
        className="ir-link"
        ref={buttons.replyButton}
        aria-expanded={panel === "reply"}
        onClick={() => onPanel(panel === "reply" ? "none" : "reply")}
      >
        Reply<span className="visually-hidden"> to {comment.username}</span>
      </button>
      {own && (
        <button type="button" className="ir-link" ref={buttons.editButton} onClick={() => onPanel("edit")}>
          Edit<span className="visually-hidden"> your comment</span>
        </button>
      )}
      {(own || moderates) && (
        <button type="button" className="ir-link" ref={buttons.deleteButton} onClick={onDelete}>
          Delete
          <span className="visually-hidden">{own ? " your comment" : ` ${comment.username}'s comment`}</span>
        </button>
      )}
      {!own && (
        <button type="button" className="ir-link" ref={buttons.reportButton} onClick={onReport}>
          Report<span className="visually-hidden"> {comment.username}'s comment</span>
        </button>
      )}
    </div>
  );
}

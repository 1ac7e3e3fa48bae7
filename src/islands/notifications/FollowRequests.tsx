// The follow requests waiting on the notifications screen (issue 12), each with Accept and
// Decline; a follow-request notification links to its row here (notification-links.ts).
import { Avatar } from "../../client/post-card/post-pieces.tsx";
import { followRequestAnchor } from "./notification-links.ts";
import type { FollowRequest } from "./use-notifications.ts";

export function FollowRequests({
  requests,
  onAnswer,
}: {
  requests: FollowRequest[];
  onAnswer: (request: FollowRequest, accept: boolean) => void;
}) {
  if (requests.length === 0) return null;
  return (
    <section className="sp-panel-box" aria-labelledby="sp-requests-heading">
      <h2 id="sp-requests-heading">Follow requests</h2>
      <ul className="sp-list">
        {requests.map((request) => (
          <li key={request.userId} className="sp-row" id={followRequestAnchor(request.userId)} tabIndex={-1}>
            <Avatar name={request.username} avatar={request.avatar} />
            <p className="sp-row__text">
              <a href={`/user/${request.userId}`}>{request.name || request.username}</a> (@{request.username})
              asked to follow you.
            </p>
            <div className="ir-buttons">
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => onAnswer(request, true)}
                aria-label={`Accept @${request.username}`}
              >
                Accept
              </button>
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => onAnswer(request, false)}
                aria-label={`Decline @${request.username}`}
              >
                Decline
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

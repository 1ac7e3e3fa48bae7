// A visitor on /user/{id} (issue 24): no token, so every read goes as a visitor's
// (profile-api.ts) and the API applies the privacy rules it applies to a stranger.
import type { Session } from "../../client/session.ts";

export const VISITOR_SESSION: Session = { token: "", userId: 0, username: "", email: "", profileId: null };

export const isVisitor = (session: Session) => session.token === "";

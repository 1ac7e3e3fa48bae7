// The authorization walk (authorization.test.ts) over the operations of reviews, comments, moderation and the feed, in a file of
// its own so both unit workers share the walk (testing/authorization-setup.ts names the areas).
import { afterAll } from "vitest";
import { openAuthorizationWalk, walkArea } from "./testing/authorization-setup.ts";

const walk = await openAuthorizationWalk();
afterAll(() => walk.t.close());

walkArea(walk, "reviews");

// The authorization walk (authorization.test.ts) over the operations of accounts, profiles, follows, registrations and lists, in a file of
// its own so both unit workers share the walk (testing/authorization-setup.ts names the areas).
import { afterAll } from "vitest";
import { openAuthorizationWalk, walkArea } from "./testing/authorization-setup.ts";

const walk = await openAuthorizationWalk();
afterAll(() => walk.t.close());

walkArea(walk, "people");

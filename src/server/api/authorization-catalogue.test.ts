// The authorization walk (authorization.test.ts) over the operations of restaurants, dishes, owners and every operation the other areas do not name, in a file of
// its own so both unit workers share the walk (testing/authorization-setup.ts names the areas).
import { afterAll } from "vitest";
import { openAuthorizationWalk, walkArea } from "./testing/authorization-setup.ts";

const walk = await openAuthorizationWalk();
afterAll(() => walk.t.close());

walkArea(walk, "catalogue");

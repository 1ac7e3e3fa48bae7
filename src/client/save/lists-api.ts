// The list calls of the save control, the list page and the profile's Saved tab (issue 32,
// docs/api.md "Lists"), through the one typed client. Each answers an ApiOutcome a screen
// can word; none throws.
import { api, callOptions, outcomeOf } from "../../shared/api-client.ts";
import type { SaveTarget } from "./pending-save.ts";

const idParam = (id: number) => ({ id: String(id) });

export const listsApi = {
  mine: (token: string) => outcomeOf(api.lists.mine.$get({}, callOptions({ token }))),
  detail: (token: string, listId: number) =>
    outcomeOf(api.lists[":id"].$get({ param: idParam(listId), query: {} }, callOptions({ token }))),
  holding: (token: string, { kind, id }: SaveTarget) =>
    outcomeOf(api.lists.holding.$get({ query: { kind, id: String(id) } }, callOptions({ token }))),
  add: (token: string, listId: number, { kind, id }: SaveTarget, note = "") =>
    outcomeOf(api.lists[":id"].items.$post({ param: idParam(listId), json: { kind, id, note } }, callOptions({ token }))),
  remove: (token: string, listId: number, { kind, id }: SaveTarget) =>
    outcomeOf(
      api.lists[":id"].items[":kind"][":itemId"].$delete(
        { param: { id: String(listId), kind, itemId: String(id) } },
        callOptions({ token }),
      ),
    ),
  create: (token: string, name: string, visibility: "public" | "followers" | "private" = "private") =>
    outcomeOf(api.lists.$post({ json: { name, description: "", visibility } }, callOptions({ token }))),
  /** Want to try to Been, after a review of the item. */
  moveToBeen: (token: string, { kind, id }: SaveTarget) =>
    outcomeOf(api.lists.items.move.$post({ json: { kind, id } }, callOptions({ token }))),
};

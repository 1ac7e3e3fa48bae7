// The list calls of the save control, the list page and the profile's Saved tab (issue 32,
// docs/api.md "Lists"), through the one typed client. Each answers an ApiOutcome a screen
// can word; none throws.
import { api, callOptions, outcomeOf } from "../../shared/api-client.ts";
import type { CreateListInput, UpdateListInput } from "../../shared/schemas/lists.ts";
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
  /** A list made with its name, description and visibility (the Saved tab's form). */
  make: (token: string, json: CreateListInput) => outcomeOf(api.lists.$post({ json }, callOptions({ token }))),
  update: (token: string, listId: number, json: UpdateListInput) =>
    outcomeOf(api.lists[":id"].$patch({ param: idParam(listId), json }, callOptions({ token }))),
  delete: (token: string, listId: number) =>
    outcomeOf(api.lists[":id"].$delete({ param: idParam(listId) }, callOptions({ token }))),
  note: (token: string, listId: number, { kind, id }: SaveTarget, note: string) =>
    outcomeOf(
      api.lists[":id"].items[":kind"][":itemId"].$patch(
        { param: { id: String(listId), kind, itemId: String(id) }, json: { note } },
        callOptions({ token }),
      ),
    ),
  copy: (token: string, listId: number) =>
    outcomeOf(api.lists[":id"].copy.$post({ param: idParam(listId) }, callOptions({ token }))),
  /** A list by its unlisted link; a visitor has no token. */
  byLink: (token: string | undefined, linkToken: string) =>
    outcomeOf(api.lists.link[":token"].$get({ param: { token: linkToken }, query: {} }, callOptions({ token }))),
  /** Want to try to Been, after a review of the item. */
  moveToBeen: (token: string, { kind, id }: SaveTarget) =>
    outcomeOf(api.lists.items.move.$post({ json: { kind, id } }, callOptions({ token }))),
};

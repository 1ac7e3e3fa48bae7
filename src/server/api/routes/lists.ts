// Lists (issue 32, docs/api.md "Lists"): the caller's lists and their items, the save control's
// holding call, list pages by id or unlisted link, a member's lists and copying a public list.
// HTTP only: the rules live in services/lists*.ts. Every answer is private, no-store: what a
// list shows depends on who asks.
import { createRoute } from "@hono/zod-openapi";
import { LIST_MESSAGES, MAX_ITEMS_PER_LIST, MAX_LISTS_PER_MEMBER } from "../../../domain/lists.ts";
import { envelopeOf } from "../../../shared/schemas/envelope.ts";
import {
  addItemSchema,
  createListSchema,
  holdingQuery,
  holdingSchema,
  listActivitySchema,
  linkTokenParam,
  listDetailSchema,
  listIdParam,
  listItemParams,
  listItemStateSchema,
  listReadQuery,
  listSettingsSchema,
  listSummarySchema,
  moveItemSchema,
  myListsSchema,
  updateItemSchema,
  updateListSchema,
  userIdParam,
} from "../../../shared/schemas/lists.ts";
import { authUser, privateNoStore, requireUser } from "../auth/require-user.ts";
import { requireActiveUser } from "../auth/require-active-user.ts";
import type { AppDeps } from "../deps.ts";
import { envelope } from "../http/envelope.ts";
import { createRouter } from "../http/router.ts";
import {
  addItem,
  copyList,
  createList,
  listSettings,
  moveItem,
  noteItem,
  removeItem,
  removeList,
  saveListSettings,
  updateList,
} from "../services/lists.ts";
import { listActivityFeed } from "../services/lists-activity.ts";
import { holding, listDetailById, listDetailByLink, memberLists, myLists } from "../services/lists-read.ts";
import { bearer, commonFailures, failure, jsonContent, limitAccountBody, requireBodyType, staleToken } from "./route-http.ts";
import { viewerOf } from "./social-http.ts";

const tags = ["Lists"];
const notFound = failure(`${LIST_MESSAGES.listNotFound} Also a list that is not the caller's, or hidden from them`);
const rateLimited = failure(`${LIST_MESSAGES.writesLimited} Retry-After says when to try again`);
const writeFailures = { ...commonFailures, 404: notFound, 429: rateLimited };
const jsonBody = <T extends Parameters<typeof jsonContent>[0]>(schema: T) => ({
  body: { required: true, content: jsonContent(schema) },
});
const ok = <T extends Parameters<typeof envelopeOf>[0]>(description: string, schema: T) => ({
  description,
  content: jsonContent(envelopeOf(schema)),
});
const detailResponses = {
  200: ok("The list with its items", listDetailSchema),
  400: failure("A parameter is invalid (sort, lat, lng); distance needs lat and lng"),
  401: staleToken,
  404: notFound,
};

const mineRoute = createRoute({
  method: "get",
  path: "/lists/mine",
  tags,
  summary: "The caller's lists: Want to try and Been first (made on first ask), then their own",
  security: bearer,
  middleware: [privateNoStore] as const,
  responses: { 200: ok("The caller's lists", myListsSchema), 401: commonFailures[401] },
});

const holdingRoute = createRoute({
  method: "get",
  path: "/lists/holding",
  tags,
  summary: "The save control: each of the caller's lists and whether it holds the item",
  security: bearer,
  middleware: [privateNoStore] as const,
  request: { query: holdingQuery },
  responses: { 200: ok("The caller's lists, each with holds", holdingSchema), ...commonFailures },
});

const settingsRoute = createRoute({
  method: "get",
  path: "/lists/settings",
  tags,
  summary: 'The caller\'s list settings: whether the feed shows "X saved Y to Z" for their public lists',
  security: bearer,
  middleware: [privateNoStore] as const,
  responses: { 200: ok("The settings", listSettingsSchema), 401: commonFailures[401] },
});

const saveSettingsRoute = createRoute({
  method: "put",
  path: "/lists/settings",
  tags,
  summary: "Turn the feed's saved-to entries on or off (off also removes the ones already shown)",
  security: bearer,
  request: jsonBody(listSettingsSchema),
  responses: { 200: ok(LIST_MESSAGES.settingsSaved, listSettingsSchema), ...writeFailures, 415: failure("Not JSON") },
});

const activityRoute = createRoute({
  method: "get",
  path: "/lists/activity",
  tags,
  summary: 'The feed\'s "X saved Y to Z": saves to public lists by people the caller follows, last 7 days',
  description:
    "One entry per list per day, newest first, at most 20. Members who turned it off " +
    "(PUT /lists/settings), lists no longer public and anyone across a block are left out.",
  security: bearer,
  middleware: [privateNoStore] as const,
  responses: {
    200: { description: "The entries", content: jsonContent(envelopeOf(listActivitySchema)) },
    401: commonFailures[401],
  },
});

const createListRoute = createRoute({
  method: "post",
  path: "/lists",
  tags,
  summary: `Make a list (name, description, visibility; at most ${MAX_LISTS_PER_MEMBER} per member)`,
  security: bearer,
  request: jsonBody(createListSchema),
  responses: {
    201: ok(LIST_MESSAGES.listCreated, listSummarySchema),
    ...writeFailures,
    409: failure(LIST_MESSAGES.tooManyLists),
    415: failure("Not JSON"),
  },
});

const moveRoute = createRoute({
  method: "post",
  path: "/lists/items/move",
  tags,
  summary: "Move an item between two of the caller's lists; by default from Want to try to Been",
  security: bearer,
  request: jsonBody(moveItemSchema),
  responses: {
    200: ok(LIST_MESSAGES.itemMoved, listItemStateSchema),
    ...writeFailures,
    409: failure(`${LIST_MESSAGES.sameList} / ${LIST_MESSAGES.tooManyItems}`),
    415: failure("Not JSON"),
  },
});

const linkRoute = createRoute({
  method: "get",
  path: "/lists/link/{token}",
  tags,
  summary: "A list by its unlisted link, whatever its visibility (never across a block)",
  middleware: [privateNoStore] as const,
  request: { params: linkTokenParam, query: listReadQuery },
  responses: detailResponses,
});

const listRoute = createRoute({
  method: "get",
  path: "/lists/{id}",
  tags,
  summary: "A list the caller may see, its items sorted by added date, rating or distance",
  description:
    "Public lists: anyone (a private account's only its followers). Followers-only: the owner's " +
    "followers. Private: the owner. Anything else answers 404, as for a list that does not exist.",
  middleware: [privateNoStore] as const,
  request: { params: listIdParam, query: listReadQuery },
  responses: detailResponses,
});

const updateListRoute = createRoute({
  method: "patch",
  path: "/lists/{id}",
  tags,
  summary: "Rename, describe, change visibility or renew the link of one of the caller's lists",
  security: bearer,
  request: { params: listIdParam, ...jsonBody(updateListSchema) },
  responses: {
    200: ok(LIST_MESSAGES.listUpdated, listSummarySchema),
    ...writeFailures,
    409: failure(LIST_MESSAGES.systemListFixed),
    415: failure("Not JSON"),
  },
});

const deleteListRoute = createRoute({
  method: "delete",
  path: "/lists/{id}",
  tags,
  summary: "Delete one of the caller's own lists (not Want to try or Been)",
  security: bearer,
  request: { params: listIdParam },
  responses: {
    200: ok(LIST_MESSAGES.listDeleted, listIdParam.transform((p) => p)),
    ...writeFailures,
    409: failure(LIST_MESSAGES.systemListFixed),
  },
});

const addItemRoute = createRoute({
  method: "post",
  path: "/lists/{id}/items",
  tags,
  summary: `Save a restaurant or dish to one of the caller's lists (at most ${MAX_ITEMS_PER_LIST} items), with a note`,
  security: bearer,
  request: { params: listIdParam, ...jsonBody(addItemSchema) },
  responses: {
    200: ok(LIST_MESSAGES.itemAdded, listItemStateSchema),
    ...writeFailures,
    404: failure(`${LIST_MESSAGES.listNotFound} / ${LIST_MESSAGES.itemNotFound}`),
    409: failure(LIST_MESSAGES.tooManyItems),
    415: failure("Not JSON"),
  },
});

const noteItemRoute = createRoute({
  method: "patch",
  path: "/lists/{id}/items/{kind}/{itemId}",
  tags,
  summary: "Change the caller's note on an item of their list",
  security: bearer,
  request: { params: listItemParams, ...jsonBody(updateItemSchema) },
  responses: {
    200: ok(LIST_MESSAGES.itemUpdated, listItemStateSchema),
    ...writeFailures,
    404: failure(`${LIST_MESSAGES.listNotFound} / ${LIST_MESSAGES.itemNotInList}`),
    415: failure("Not JSON"),
  },
});

const removeItemRoute = createRoute({
  method: "delete",
  path: "/lists/{id}/items/{kind}/{itemId}",
  tags,
  summary: "Take an item out of one of the caller's lists",
  security: bearer,
  request: { params: listItemParams },
  responses: {
    200: ok(LIST_MESSAGES.itemRemoved, listItemStateSchema),
    ...writeFailures,
    404: failure(`${LIST_MESSAGES.listNotFound} / ${LIST_MESSAGES.itemNotInList}`),
  },
});

const copyRoute = createRoute({
  method: "post",
  path: "/lists/{id}/copy",
  tags,
  summary: "Copy a public list the caller may see into a new private list of theirs, notes included",
  security: bearer,
  request: { params: listIdParam },
  responses: {
    201: ok(LIST_MESSAGES.listCopied, listSummarySchema),
    ...writeFailures,
    409: failure(`${LIST_MESSAGES.onlyPublicCopied} / ${LIST_MESSAGES.tooManyLists}`),
  },
});

const memberListsRoute = createRoute({
  method: "get",
  path: "/users/{userId}/lists",
  tags,
  summary: "A member's lists as the caller may see them (public; followers-only to followers; all to the owner)",
  middleware: [privateNoStore] as const,
  request: { params: userIdParam },
  responses: {
    200: ok("The lists", myListsSchema),
    400: commonFailures[400],
    401: staleToken,
    404: failure("No such user, or a block either way"),
  },
});

export function listRoutes(deps: AppDeps) {
  return createRouter()
    .openapi({ ...mineRoute, middleware: [privateNoStore, requireUser(deps)] as const }, async (c) =>
      c.json(envelope(await myLists(deps, authUser(c).id)), 200),
    )
    .openapi({ ...holdingRoute, middleware: [privateNoStore, requireUser(deps)] as const }, async (c) => {
      const { kind, id } = c.req.valid("query");
      return c.json(envelope(await holding(deps, authUser(c).id, kind, id)), 200);
    })
    .openapi({ ...settingsRoute, middleware: [privateNoStore, requireUser(deps)] as const }, async (c) =>
      c.json(envelope(await listSettings(deps, authUser(c).id)), 200),
    )
    .openapi({ ...saveSettingsRoute, middleware: [limitAccountBody, requireActiveUser(deps), requireBodyType("json")] as const }, async (c) => {
      const state = await saveListSettings(deps, authUser(c).id, c.req.valid("json").listActivityInFeed);
      return c.json(envelope(state, 200, LIST_MESSAGES.settingsSaved), 200);
    })
    .openapi({ ...activityRoute, middleware: [privateNoStore, requireUser(deps)] as const }, async (c) =>
      c.json(envelope(await listActivityFeed(deps, authUser(c).id)), 200),
    )
    .openapi({ ...createListRoute, middleware: [limitAccountBody, requireActiveUser(deps), requireBodyType("json")] as const }, async (c) => {
      const list = await createList(deps, authUser(c).id, c.req.valid("json"));
      return c.json(envelope(list, 201, LIST_MESSAGES.listCreated), 201);
    })
    .openapi({ ...moveRoute, middleware: [limitAccountBody, requireActiveUser(deps), requireBodyType("json")] as const }, async (c) => {
      const state = await moveItem(deps, authUser(c).id, c.req.valid("json"));
      return c.json(envelope(state, 200, LIST_MESSAGES.itemMoved), 200);
    })
    .openapi(linkRoute, async (c) => {
      const viewer = await viewerOf(c, deps);
      const detail = await listDetailByLink(deps, viewer, c.req.valid("param").token, c.req.valid("query"));
      return c.json(envelope(detail), 200);
    })
    .openapi(listRoute, async (c) => {
      const viewer = await viewerOf(c, deps);
      const detail = await listDetailById(deps, viewer, c.req.valid("param").id, c.req.valid("query"));
      return c.json(envelope(detail), 200);
    })
    .openapi({ ...updateListRoute, middleware: [limitAccountBody, requireActiveUser(deps), requireBodyType("json")] as const }, async (c) => {
      const list = await updateList(deps, authUser(c).id, c.req.valid("param").id, c.req.valid("json"));
      return c.json(envelope(list, 200, LIST_MESSAGES.listUpdated), 200);
    })
    .openapi({ ...deleteListRoute, middleware: [requireUser(deps)] as const }, async (c) => {
      const { id } = c.req.valid("param");
      await removeList(deps, authUser(c).id, id);
      return c.json(envelope({ id }, 200, LIST_MESSAGES.listDeleted), 200);
    })
    .openapi({ ...addItemRoute, middleware: [limitAccountBody, requireActiveUser(deps), requireBodyType("json")] as const }, async (c) => {
      const state = await addItem(deps, authUser(c).id, c.req.valid("param").id, c.req.valid("json"));
      return c.json(envelope(state, 200, LIST_MESSAGES.itemAdded), 200);
    })
    .openapi({ ...noteItemRoute, middleware: [limitAccountBody, requireActiveUser(deps), requireBodyType("json")] as const }, async (c) => {
      const state = await noteItem(deps, authUser(c).id, c.req.valid("param"), c.req.valid("json").note);
      return c.json(envelope(state, 200, LIST_MESSAGES.itemUpdated), 200);
    })
    .openapi({ ...removeItemRoute, middleware: [requireUser(deps)] as const }, async (c) => {
      const state = await removeItem(deps, authUser(c).id, c.req.valid("param"));
      return c.json(envelope(state, 200, LIST_MESSAGES.itemRemoved), 200);
    })
    .openapi({ ...copyRoute, middleware: [requireActiveUser(deps)] as const }, async (c) => {
      const list = await copyList(deps, authUser(c).id, c.req.valid("param").id);
      return c.json(envelope(list, 201, LIST_MESSAGES.listCopied), 201);
    })
    .openapi(memberListsRoute, async (c) => {
      const viewer = await viewerOf(c, deps);
      return c.json(envelope(await memberLists(deps, viewer, c.req.valid("param").userId)), 200);
    });
}

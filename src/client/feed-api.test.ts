// /home's inline script makes the first load's calls early (home.astro); the island must use
// each answer once, only for the session it was made with, and ask the server for the rest.
import { afterEach, describe, expect, it } from "vitest";
import { createApiClient } from "../shared/api-client.ts";
import { EARLY_FEED_KEY, EARLY_FEED_URLS, feedApi } from "./feed-api.ts";

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 200, message: "success", data }), {
    headers: { "Content-Type": "application/json" },
  });

const earlyPage = { data: [], page: 1, pageSize: 5, nextCursor: null, from: "early" };
const serverPage = { data: [], page: 1, pageSize: 5, nextCursor: null, from: "server" };

/** The feed's calls over a client whose fetch records what reached the network. */
function feedOverNetwork() {
  const asked: string[] = [];
  const client = createApiClient({
    fetch: (input) => {
      const url = new URL(String(input), "http://localhost");
      asked.push(url.pathname + url.search);
      return envelope(
        url.pathname.startsWith("/api/people") ? { suggestions: [], from: "server" } : serverPage,
      );
    },
  });
  return { asked, api: feedApi(client) };
}

const slot = globalThis as unknown as { window?: Record<string, unknown> };

function leaveEarlyCalls(token: string) {
  slot.window = {
    [EARLY_FEED_KEY]: {
      token,
      feed: Promise.resolve(envelope(earlyPage)),
      suggestions: Promise.resolve(envelope({ suggestions: [], from: "early" })),
    },
  };
}

afterEach(() => {
  delete slot.window;
});

describe("the first load's early calls", () => {
  it("answer the first feed page and suggestions once, then the server does", async () => {
    leaveEarlyCalls("token-a");
    const { asked, api } = feedOverNetwork();

    const first = await api.feed("token-a", 1, null);
    const people = await api.suggestions("token-a");
    expect(first).toMatchObject({ kind: "ok", data: { from: "early" } });
    expect(people).toMatchObject({ kind: "ok", data: { from: "early" } });
    expect(asked).toEqual([]);

    // Try again after a failure, and the suggestions of a later batch, go to the server.
    expect(await api.feed("token-a", 1, null)).toMatchObject({ data: { from: "server" } });
    expect(await api.suggestions("token-a")).toMatchObject({ data: { from: "server" } });
    expect(asked).toEqual([EARLY_FEED_URLS.feed, EARLY_FEED_URLS.suggestions]);
  });

  it("are not used for another session, nor for a later page", async () => {
    leaveEarlyCalls("token-a");
    const { asked, api } = feedOverNetwork();

    expect(await api.feed("token-b", 1, null)).toMatchObject({ data: { from: "server" } });
    expect(await api.feed("token-a", 2, "cursor-1")).toMatchObject({ data: { from: "server" } });
    expect(asked).toEqual([EARLY_FEED_URLS.feed, "/api/posts/feed/2?pageSize=5&cursor=cursor-1"]);
  });

  it("that failed to reach the server give the island's no-response outcome", async () => {
    slot.window = { [EARLY_FEED_KEY]: { token: "token-a", feed: Promise.reject(new TypeError("offline")) } };
    const { api } = feedOverNetwork();
    expect(await api.feed("token-a", 1, null)).toMatchObject({ kind: "no-response" });
  });
});

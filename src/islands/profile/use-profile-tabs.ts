// The profile's post lists (spec point 2): Posts, and on the own profile Liked and Saved, each
// loaded when first shown and paged by cursor; the sort select reorders them.
import { useEffect, useRef, useState } from "react";
import { SOCIAL_POST_MESSAGES } from "../../domain/social-rules.ts";
import type { Profile } from "../../shared/schemas/social-profiles.ts";
import type { Session } from "../../client/session.ts";
import { failureText } from "../../client/failure-text.ts";
import type { ProfileSort } from "./messages.ts";
import type { ProfilePostCard } from "./ProfileCards.tsx";
import type { ProfileApi } from "./profile-api.ts";
import { SIGNED_OUT, type FailedRead } from "../../client/screen-parts.tsx";

export type Tab = "posts" | "liked" | "saved";

export interface TabList {
  posts: ProfilePostCard[];
  cursor: string | null;
  state: "idle" | "loading" | "ready" | "failed";
  error: string;
  /** A failed first page: the tab shows point 8's error screen instead of its posts. */
  failure: FailedRead | null;
}
const EMPTY_LIST: TabList = { posts: [], cursor: null, state: "idle", error: "", failure: null };

export function useProfileTabs({
  api,
  session,
  profile,
}: {
  api: ProfileApi;
  session: Session;
  profile: Profile;
}) {
  const [tab, setTab] = useState<Tab>("posts");
  const [sort, setSort] = useState<ProfileSort>("default");
  const [lists, setLists] = useState<Record<Tab, TabList>>({
    posts: EMPTY_LIST,
    liked: EMPTY_LIST,
    saved: EMPTY_LIST,
  });

  // Only the newest request of a tab may fill it: a sort change can overtake a slow page.
  const requests = useRef<Record<Tab, number>>({ posts: 0, liked: 0, saved: 0 });

  async function load(which: Tab, cursor: string | null, order: ProfileSort = sort) {
    const request = ++requests.current[which];
    setLists((all) => ({ ...all, [which]: { ...all[which], state: "loading" } }));
    const outcome =
      which === "posts"
        ? await api.posts(
            session.token,
            profile.userId,
            order === "default" ? "most-liked" : "newest",
            cursor,
          )
        : which === "liked"
          ? await api.liked(session.token, profile.userId, cursor)
          : await api.saved(session.token, profile.userId, cursor);
    if (request !== requests.current[which]) return;
    setLists((all) => {
      const before = all[which];
      if (outcome.kind !== "ok") {
        return {
          ...all,
          [which]: {
            ...before,
            state: "failed",
            error: failureText(outcome, SOCIAL_POST_MESSAGES.feedFailed, SIGNED_OUT),
            failure: cursor ? null : outcome,
          },
        };
      }
      const posts: ProfilePostCard[] = "cards" in outcome.data ? outcome.data.cards : outcome.data.data;
      return {
        ...all,
        [which]: {
          posts: cursor ? [...before.posts, ...posts] : posts,
          cursor: outcome.data.nextCursor,
          state: "ready",
          error: "",
          failure: null,
        },
      };
    });
  }

  useEffect(() => {
    if (lists[tab].state === "idle") void load(tab, null);
    // Each tab loads once, when first shown; the Posts tab again after a sort change.
  }, [tab, lists.posts.state]);

  function changeSort(next: ProfileSort) {
    setSort(next);
    // The Posts tab is sorted by the server, from its first page; Liked and Saved are sorted here.
    if (tab === "posts") void load("posts", null, next);
    else setLists((all) => ({ ...all, posts: EMPTY_LIST }));
  }

  /** A card's own change (a like, a save) kept in the tab's list. */
  function changePost(which: Tab, update: (posts: ProfilePostCard[]) => ProfilePostCard[]) {
    setLists((all) => ({ ...all, [which]: { ...all[which], posts: update(all[which].posts) } }));
  }

  return { tab, setTab, sort, list: lists[tab], load, changeSort, changePost };
}

// Settings' calls (issue 12), through the one typed client (decision 009).
import { api, callOptions, outcomeOf, type ApiClient } from "../../shared/api-client.ts";

export function settingsApi(client: ApiClient = api) {
  return {
    profile(token: string, userId: number) {
      return outcomeOf(
        client.profiles.getProfileByUserId[":userId"].$get(
          { param: { userId: String(userId) } },
          { ...callOptions({ token }), init: { cache: "no-store" } },
        ),
      );
    },
    setPrivate(token: string, userId: number, isPrivate: boolean) {
      return outcomeOf(client.profiles.updatePrivacy[":userId"].$post({ param: { userId: String(userId) }, json: { isPrivate } }, callOptions({ token })));
    },
    changePassword(token: string, userId: number, currentPassword: string, newPassword: string) {
      return outcomeOf(
        client.account.password[":userId"].$post({ param: { userId: String(userId) }, json: { currentPassword, newPassword } }, callOptions({ token })),
      );
    },
    exportData(token: string, userId: number) {
      return outcomeOf(
        client.account.export[":userId"].$get({ param: { userId: String(userId) } }, { ...callOptions({ token }), init: { cache: "no-store" } }),
      );
    },
    /** The people the caller blocked, newest first: their profiles answer 404, so here is where to unblock. */
    blocked(token: string, cursor: string | null) {
      return outcomeOf(
        client.blocks.$get({ query: cursor ? { cursor } : {} }, { ...callOptions({ token }), init: { cache: "no-store" } }),
      );
    },
    unblock(token: string, userId: number) {
      return outcomeOf(client.users[":id"].unblock.$delete({ param: { id: String(userId) } }, callOptions({ token })));
    },
    deleteAccount(token: string, userId: number, password: string) {
      return outcomeOf(client.account.delete[":userId"].$post({ param: { userId: String(userId) }, json: { password } }, callOptions({ token })));
    },
  };
}

export type SettingsApi = ReturnType<typeof settingsApi>;

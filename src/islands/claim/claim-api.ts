// The claim screen's calls (docs/owners.md "Claiming a restaurant"), all through the one typed
// client; one object so a test can run the screen against the real app's client.
import { api, callOptions, outcomeOf, type AnswerOf, type ApiClient } from "../../shared/api-client.ts";

type Client = ApiClient;
type ClaimCalls = Client["restaurants"][":id"]["claim"];

export type FoundRestaurant = AnswerOf<Client["restaurants"]["searchTop"]["$get"]>[number];
export type ClaimStarted = AnswerOf<ClaimCalls["$post"]>;
export type ClaimVerified = AnswerOf<ClaimCalls["verify"]["$post"]>;
export type OwnClaim = AnswerOf<Client["owner"]["claims"]["$get"]>[number];
export type OwnedRestaurant = AnswerOf<Client["owner"]["restaurants"]["$get"]>[number];
export type ResumableClaim = AnswerOf<Client["owner"]["claims"]["code"]["$get"]>;
/** What the steps show of the restaurant being claimed: found by search, or resumed. */
export type ClaimPlace = Pick<FoundRestaurant, "id" | "name" | "address" | "postCode">;

/** How many matches the search shows: enough to pick one's own among namesakes. */
export const CLAIM_SEARCH_SIZE = 20;

export function claimApi(client: ApiClient = api) {
  const claim = client.restaurants[":id"].claim;
  const param = (id: number) => ({ id: String(id) });
  return {
    search: (keyword: string) =>
      outcomeOf(client.restaurants.searchTop.$get({ query: { keyword, topNum: String(CLAIM_SEARCH_SIZE) } })),
    start: (token: string, id: number) => outcomeOf(claim.$post({ param: param(id) }, callOptions({ token }))),
    verify: (token: string, id: number, code: string) =>
      outcomeOf(claim.verify.$post({ param: param(id), json: { code } }, callOptions({ token }))),
    sendEvidence: (token: string, id: number, file: File, note: string) =>
      outcomeOf(
        claim.evidence.$post(
          { param: param(id), form: note.trim() ? { file, note } : { file } },
          callOptions({ token }),
        ),
      ),
    claims: (token: string) => outcomeOf(client.owner.claims.$get({}, callOptions({ token }))),
    /** The caller's code claim whose code still works: a reloaded page resumes the code step. */
    resumable: (token: string) =>
      outcomeOf(client.owner.claims.code.$get({}, { ...callOptions({ token }), init: { cache: "no-store" } })),
    owned: (token: string) => outcomeOf(client.owner.restaurants.$get({}, callOptions({ token }))),
  };
}

/** The claim screen's calls, as the typed client answers them. */
export type ClaimApi = ReturnType<typeof claimApi>;

// The claim screen's calls (docs/owners.md "Claiming a restaurant"), all through the one typed
// client; one object so a test can run the screen against the real app's client.
import { api, callOptions, outcomeOf, type ApiClient, type ApiOutcome, type DataOf } from "../../shared/api-client.ts";

type Client = ApiClient;
type ClaimCalls = Client["restaurants"][":id"]["claim"];

export type FoundRestaurant = DataOf<Awaited<ReturnType<Client["restaurants"]["searchTop"]["$get"]>>>[number];
export type ClaimStarted = DataOf<Awaited<ReturnType<ClaimCalls["$post"]>>>;
export type ClaimVerified = DataOf<Awaited<ReturnType<ClaimCalls["verify"]["$post"]>>>;
export type OwnClaim = DataOf<Awaited<ReturnType<Client["owner"]["claims"]["$get"]>>>[number];
export type OwnedRestaurant = DataOf<Awaited<ReturnType<Client["owner"]["restaurants"]["$get"]>>>[number];

/** How many matches the search shows: enough to pick one's own among namesakes. */
export const CLAIM_SEARCH_SIZE = 20;

export interface ClaimApi {
  search(keyword: string): Promise<ApiOutcome<FoundRestaurant[]>>;
  start(token: string, restaurantId: number): Promise<ApiOutcome<ClaimStarted>>;
  verify(token: string, restaurantId: number, code: string): Promise<ApiOutcome<ClaimVerified>>;
  sendEvidence(token: string, restaurantId: number, file: File, note: string): Promise<ApiOutcome<unknown>>;
  claims(token: string): Promise<ApiOutcome<OwnClaim[]>>;
  owned(token: string): Promise<ApiOutcome<OwnedRestaurant[]>>;
}

export function claimApi(client: ApiClient = api): ClaimApi {
  const claim = client.restaurants[":id"].claim;
  const param = (id: number) => ({ id: String(id) });
  return {
    search: (keyword) =>
      outcomeOf(client.restaurants.searchTop.$get({ query: { keyword, topNum: String(CLAIM_SEARCH_SIZE) } })),
    start: (token, id) => outcomeOf(claim.$post({ param: param(id) }, callOptions({ token }))),
    verify: (token, id, code) =>
      outcomeOf(claim.verify.$post({ param: param(id), json: { code } }, callOptions({ token }))),
    sendEvidence: (token, id, file, note) =>
      outcomeOf(
        claim.evidence.$post(
          { param: param(id), form: note.trim() ? { file, note } : { file } },
          callOptions({ token }),
        ),
      ),
    claims: (token) => outcomeOf(client.owner.claims.$get({}, callOptions({ token }))),
    owned: (token) => outcomeOf(client.owner.restaurants.$get({}, callOptions({ token }))),
  };
}

// Reporting an owner's reply (issue 22: "Replies are reportable like comments"), through the
// one typed client; a function of its own so the reply's control needs nothing else.
import type { ReportReasonId } from "../../domain/report-reasons.ts";
import { api, callOptions, outcomeOf, type ApiClient, type ApiOutcome } from "../../shared/api-client.ts";

export function reportOwnerReply(
  token: string,
  postId: number,
  reason: ReportReasonId,
  client: ApiClient = api,
): Promise<ApiOutcome<unknown>> {
  return outcomeOf(
    client.reviews[":postId"].reply.report.$post(
      { param: { postId: String(postId) }, json: { reason } },
      callOptions({ token }),
    ),
  );
}

// A claim by evidence (issue 22, docs/owners.md): a utility bill or the company's registration,
// as a photo or a PDF, stored privately and decided by a moderator. Photos go through the safe
// pipeline (decoded and re-encoded, nothing of the upload kept); a PDF is kept as sent, but
// only under a private name the public files route refuses, and only moderators read it.
import { MAX_EVIDENCE_BYTES, OWNER_MESSAGES } from "../../../domain/owners.ts";
import type { AuthUser } from "../auth/require-user.ts";
import { enforceRateLimit, RATE_LIMITS } from "../auth/rate-limit.ts";
import { openModerationItem } from "../db/queries/moderation-items.ts";
import {
  accountOf,
  claimById,
  insertClaimStatement,
  isUniqueViolation,
  ownerLogStatement,
  waitingEvidenceClaimOf,
} from "../db/queries/owners.ts";
import { runBatch } from "../db/batch.ts";
import type { AppDeps } from "../deps.ts";
import { PhotoRejectedError, sniffFormat } from "../files/image-pipeline.ts";
import { isPrivateName, privateEvidenceName } from "../files/private-evidence.ts";
import { ApiError, fieldError } from "../http/envelope.ts";
import { assertRole } from "./moderation-roles.ts";
import { claimTarget } from "./restaurant-claims.ts";
import { publishReportReceived } from "./transparency.ts";

const PDF_MAGIC = "%PDF-";

/** What is stored: a re-encoded photo, or the PDF's own bytes. Refusals name the field. */
async function preparedEvidence(
  deps: AppDeps,
  upload: File,
): Promise<{ body: Uint8Array; contentType: string; ext: string }> {
  if (upload.size === 0) throw fieldError(400, "file", OWNER_MESSAGES.evidenceMissing);
  if (upload.size > MAX_EVIDENCE_BYTES) throw fieldError(400, "file", OWNER_MESSAGES.evidenceTooLarge);
  const bytes = new Uint8Array(await upload.arrayBuffer());
  if (String.fromCharCode(...bytes.subarray(0, PDF_MAGIC.length)) === PDF_MAGIC) {
    return { body: bytes, contentType: "application/pdf", ext: "pdf" };
  }
  if (!sniffFormat(bytes)) throw fieldError(400, "file", OWNER_MESSAGES.evidenceType);
  try {
    const photo = await deps.images.reviewPhoto({ name: "evidence", bytes }, 0);
    // The widest output: enough to read a bill; the others are not written anywhere.
    const widest = photo.outputs.at(-1)!;
    return { body: widest.body, contentType: widest.contentType, ext: "webp" };
  } catch (error) {
    if (error instanceof PhotoRejectedError) throw fieldError(400, "file", error.message);
    throw error;
  }
}

export async function submitEvidence(
  deps: AppDeps,
  user: AuthUser,
  restaurantId: number,
  input: { file: File; note?: string },
): Promise<{ claimId: number; state: "pending" }> {
  const restaurant = await claimTarget(deps, restaurantId, user.id);
  // One waiting claim per claimant, not per restaurant (issue 29): one person's claim never
  // shuts out the restaurant's real owner, and one account cannot fill the queue.
  if (await waitingEvidenceClaimOf(deps.db, user.id)) throw new ApiError(409, OWNER_MESSAGES.claimWaitingYours);
  const now = deps.now();
  // Each photo is decoded and re-encoded: the review photo work limit applies.
  await enforceRateLimit(deps.db, RATE_LIMITS.photosPerUser, String(user.id), now);
  const evidence = await preparedEvidence(deps, input.file);
  const name = privateEvidenceName(evidence.ext as "pdf" | "webp");
  await deps.files.put(name, evidence.body, evidence.contentType);
  let claimId: number;
  try {
    const [inserted] = (await runBatch(deps.db, [
      insertClaimStatement(deps.db, {
        restaurantId,
        userId: user.id,
        method: "evidence",
        createdAt: now,
        evidenceKey: name,
        evidenceType: evidence.contentType,
        evidenceBytes: evidence.body.byteLength,
        note: input.note ?? "",
      }),
      ownerLogStatement(deps.db, {
        actorId: user.id,
        actorLabel: user.username,
        action: "owner:claim-evidence",
        restaurantId,
        note: input.note ?? "",
        after: {
          method: "evidence",
          contentType: evidence.contentType,
          hasOwner: restaurant.ownerId !== null,
        },
        createdAt: now,
      }),
    ])) as [{ id: number }[]];
    claimId = inserted[0]!.id;
  } catch (error) {
    await deps.files.delete(name).catch(() => {});
    // Two uploads at once: the partial unique index let one wait.
    if (isUniqueViolation(error, "restaurant_claims")) throw new ApiError(409, OWNER_MESSAGES.claimWaitingYours);
    throw error;
  }
  const account = await accountOf(deps.db, user.id);
  await openModerationItem(deps.db, {
    kind: "restaurant",
    targetId: restaurantId,
    source: "claim-evidence",
    openedAt: now,
    signals: {
      claim: {
        claimId,
        userId: user.id,
        username: account?.username ?? user.username,
        evidenceUrl: `/api/moderation/claims/${claimId}/evidence`,
        contentType: evidence.contentType,
        note: input.note ?? "",
        hasOwner: restaurant.ownerId !== null,
      },
    },
  });
  // The queue's open items count in the transparency report.
  publishReportReceived(deps);
  return { claimId, state: "pending" };
}

/** A claim's evidence, for a moderator only (403 otherwise), from private storage. */
export async function readEvidence(deps: AppDeps, user: AuthUser, claimId: number) {
  await assertRole(deps.db, user.id, "moderator", deps.now());
  const claim = await claimById(deps.db, claimId);
  const file =
    claim?.evidenceKey && isPrivateName(claim.evidenceKey) ? await deps.files.get(claim.evidenceKey) : null;
  if (!claim || !file) throw fieldError(404, "claimId", "This claim has no evidence.");
  return {
    file,
    contentType: claim.evidenceType ?? file.contentType,
    fileName: `claim-${claim.id}-evidence.${claim.evidenceType === "application/pdf" ? "pdf" : "webp"}`,
  };
}

// Private files (issue 22): owner-claim evidence lives in the same storage as photos, under
// names the public GET /api/files/{name} can never serve. That route takes only names of
// letters, digits, '.', '_' and '-' (fileNameParam), and every private name starts with
// "private~", so a request for one is refused before storage is read. Only the moderators'
// evidence route (routes/restaurant-claims.ts) reads them, by the name stored with the claim.
export const PRIVATE_PREFIX = "private~";

export function privateEvidenceName(ext: "pdf" | "webp"): string {
  return `${PRIVATE_PREFIX}claim-${crypto.randomUUID()}.${ext}`;
}

export function isPrivateName(name: string): boolean {
  return name.startsWith(PRIVATE_PREFIX);
}

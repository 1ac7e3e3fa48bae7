// Session tokens: HS256 JWTs through hono/jwt. The claims we rely on are checked here, against
// the app's clock (deps.now), rather than by hono's defaults that read the wall clock.
import { sign, verify } from "hono/jwt";

/** Seven days: the session a signed-in visitor keeps in localStorage (spec point 3). */
export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;
/** The only algorithm we issue and accept; anything else (including "none") is refused. */
const TOKEN_ALGORITHM = "HS256";

export interface TokenClaims {
  userId: number;
  /** users.token_version when issued; log out and password changes bump it. */
  tokenVersion: number;
}

export async function issueToken(claims: TokenClaims, secret: string, nowMs: number): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  return sign(
    { sub: String(claims.userId), ver: claims.tokenVersion, iat, exp: iat + TOKEN_LIFETIME_SECONDS },
    secret,
    TOKEN_ALGORITHM,
  );
}

/** A token's claims as read: also when it was issued (ms; 0 if it does not say). */
export interface ReadClaims extends TokenClaims {
  issuedAtMs: number;
}

/**
 * The token's claims when its signature, algorithm and expiry hold; undefined otherwise.
 * A token without `exp` is refused: it would never end.
 */
export async function readToken(
  token: string,
  secret: string,
  nowMs: number,
): Promise<ReadClaims | undefined> {
  let payload: Record<string, unknown>;
  try {
    payload = await verify(token, secret, { alg: TOKEN_ALGORITHM, exp: false, nbf: false, iat: false });
  } catch {
    return undefined;
  }
  const { sub, ver, exp, iat } = payload;
  if (typeof exp !== "number" || !Number.isFinite(exp) || exp * 1000 <= nowMs) return undefined;
  if (typeof sub !== "string" || !/^[1-9][0-9]{0,15}$/.test(sub)) return undefined;
  if (typeof ver !== "number" || !Number.isInteger(ver) || ver < 0) return undefined;
  const issuedAtMs = typeof iat === "number" && Number.isFinite(iat) && iat > 0 ? iat * 1000 : 0;
  return { userId: Number(sub), tokenVersion: ver, issuedAtMs };
}

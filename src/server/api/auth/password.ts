// Password hashing with scrypt from node:crypto: built into Node and into workerd under
// nodejs_compat, so both hosts share one implementation and no native module is needed.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/**
 * N=2^14, r=8, p=5 is one of OWASP's equivalent scrypt settings (Password Storage Cheat
 * Sheet). Measured on the 2-core development machine: about 220-300 ms per hash (see
 * docs/accounts.md). 128·N·r = 16 MiB of memory per hash; maxmem leaves room for it.
 */
export const SCRYPT_PARAMS: ScryptCost = { N: 2 ** 14, r: 8, p: 5 };

/**
 * What test apps hash with unless a test is about hashing (createTestApp): a few microseconds
 * instead of a quarter of a second per sign-up, login and password change. Nothing in
 * production can choose it: passwordCost refuses any cost below SCRYPT_PARAMS there.
 */
export const TEST_SCRYPT_PARAMS: ScryptCost = { N: 16, r: 1, p: 1 };

/**
 * The cost a configuration asks for: SCRYPT_PARAMS unless a test set another. A production
 * configuration with less than SCRYPT_PARAMS in any parameter throws (createApp calls this
 * once, so such an app never starts).
 */
export function passwordCost(config: { production: boolean; passwordCost?: ScryptCost }): ScryptCost {
  const cost = config.passwordCost ?? SCRYPT_PARAMS;
  if (config.production && (cost.N < SCRYPT_PARAMS.N || cost.r < SCRYPT_PARAMS.r || cost.p < SCRYPT_PARAMS.p)) {
    throw new Error(
      `Refusing scrypt N=${cost.N} r=${cost.r} p=${cost.p} in production: passwords are hashed with at least ` +
        `N=${SCRYPT_PARAMS.N} r=${SCRYPT_PARAMS.r} p=${SCRYPT_PARAMS.p} there.`,
    );
  }
  return cost;
}

const KEY_LENGTH = 32;
const SALT_BYTES = 16;
const MAX_MEMORY = 64 * 1024 * 1024;

function scryptAsync(
  password: string,
  salt: Buffer,
  keyLength: number,
  options: ScryptOptions,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash` (salt and hash base64url): the stored hash says how to check it. */
export async function hashPassword(password: string, cost: ScryptCost = SCRYPT_PARAMS): Promise<string> {
  const { N, r, p } = cost;
  const salt = randomBytes(SALT_BYTES);
  const key = await scryptAsync(password, salt, KEY_LENGTH, { N, r, p, maxmem: MAX_MEMORY });
  return ["scrypt", N, r, p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

interface ParsedHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | undefined {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return undefined;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (!N || !r || !p || !Number.isInteger(Math.log2(N)) || N > 2 ** 20 || r > 32 || p > 16) return undefined;
  const salt = Buffer.from(parts[4]!, "base64url");
  const key = Buffer.from(parts[5]!, "base64url");
  if (salt.length < 8 || key.length < 16) return undefined;
  return { N, r, p, salt, key };
}

/** Constant-time comparison; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const { N, r, p, salt, key } = parsed;
  const candidate = await scryptAsync(password, salt, key.length, { N, r, p, maxmem: MAX_MEMORY });
  return timingSafeEqual(candidate, key);
}

/** True when the stored hash was made with other settings than `cost`: rehash at next login. */
export function needsRehash(stored: string, cost: ScryptCost = SCRYPT_PARAMS): boolean {
  const parsed = parseHash(stored);
  return !parsed || parsed.N !== cost.N || parsed.r !== cost.r || parsed.p !== cost.p;
}

const dummyHashes = new Map<string, Promise<string>>();

/**
 * A real hash of a random password at `cost`, made once per process. Login checks an unknown
 * user's password against it so an unknown address costs the same time as a wrong password.
 */
export function dummyPasswordHash(cost: ScryptCost = SCRYPT_PARAMS): Promise<string> {
  const key = `${cost.N}$${cost.r}$${cost.p}`;
  let hash = dummyHashes.get(key);
  if (!hash) dummyHashes.set(key, (hash = hashPassword(randomBytes(24).toString("base64url"), cost)));
  return hash;
}

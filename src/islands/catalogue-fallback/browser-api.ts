// The browser's ApiGet for the shared page loaders: same paths and envelope as the build's
// siteApi, so a client-rendered page shows what a prerendered one would.
import type { ApiGet } from "../../components/catalogue/page-data.ts";

export class ApiRequestError extends Error {
  readonly status: number;
  constructor(path: string, status: number) {
    super(`GET /api${path} answered ${status}`);
    this.status = status;
  }
}

export const browserApiGet: ApiGet = async <T,>(path: string): Promise<T | null> => {
  const res = await fetch(`/api${path}`, { headers: { Accept: "application/json" } });
  if (res.status === 404) return null;
  if (!res.ok) throw new ApiRequestError(path, res.status);
  const body = (await res.json()) as { data: T };
  return body.data;
};

/** The id in /{kind}/{id}, or null when the path holds no positive integer id. */
export function idFromPath(pathname: string, kind: string): number | null {
  const match = new RegExp(`^/${kind}/([^/]+)/?$`).exec(pathname);
  if (!match || !/^[1-9][0-9]{0,15}$/.test(match[1]!)) return null;
  return Number(match[1]);
}

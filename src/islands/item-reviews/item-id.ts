// The id of the item a dish or restaurant page shows, read from its address (/{kind}/{id}).

/** The id in /{kind}/{id}, or null when the path holds no positive integer id. */
export function idFromPath(pathname: string, kind: string): number | null {
  const match = new RegExp(`^/${kind}/([^/]+)/?$`).exec(pathname);
  if (!match || !/^[1-9][0-9]{0,15}$/.test(match[1]!)) return null;
  return Number(match[1]);
}

// Images in API answers are file names; the API streams them from /api/files/{name}.
// Absolute URLs (and data:/blob: previews) are passed through unchanged.
export function fileUrl(name: string | null | undefined): string | null {
  if (!name) return null;
  if (/^(https?:|data:|blob:|\/)/.test(name)) return name;
  return `/api/files/${encodeURIComponent(name)}`;
}

// URL segment of a tag's prerendered page (/tag/{slug}); /?tag={tagName} redirects there.
export function tagSlug(tagName: string): string {
  const slug = tagName
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug || "tag";
}

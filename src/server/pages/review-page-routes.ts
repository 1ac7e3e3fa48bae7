// /review/{id} (issue 24), on both hosts (Node: static-site.ts; Cloudflare:
// functions/review/[id].ts). Runtime-neutral: no Node modules here. Review pages are never
// prerendered: the build writes only the templates a host renders them into.
import { TEMPLATE_IDS, type TemplateVariant } from "../../components/catalogue/page-template.ts";

// 16 digits keeps any id within Number.MAX_SAFE_INTEGER, as for catalogue ids.
const REVIEW_PATH = /^\/review\/([1-9][0-9]{0,15})\/?$/;

/** The review id of /review/{id}, or null for any other path. */
export function matchReviewPath(pathname: string): number | null {
  const match = REVIEW_PATH.exec(pathname);
  return match ? Number(match[1]) : null;
}

/** The URL path of a built review template (directory format). */
export function reviewTemplatePath(variant: TemplateVariant): string {
  return `/review/${TEMPLATE_IDS[variant]}/`;
}

const TEMPLATE_PATH = /^\/review\/_template[^/]*(\/(index\.html)?)?$/;

/** /review/_template… : built for the hosts to render into, never served as a page. */
export function isReviewTemplatePath(pathname: string): boolean {
  return TEMPLATE_PATH.test(pathname);
}

// The shared frame of our account e-mails: a plain text part and a small, inline-styled
// HTML part (mail clients ignore style sheets). Every value put into HTML is escaped.
import type { MailMessage } from "./mailer.ts";

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

export interface EmailContent {
  to: string;
  subject: string;
  heading: string;
  /** Paragraphs before the code (plain text; escaped for HTML). */
  intro: string[];
  code?: string;
  /** A button to follow, with its address also written out for clients that hide buttons. */
  action?: { label: string; url: string };
  /** Paragraphs after the code. */
  outro: string[];
}

export function composeEmail(content: EmailContent): MailMessage {
  const text = [
    content.heading,
    "",
    ...content.intro.flatMap((p) => [p, ""]),
    ...(content.code ? [content.code, ""] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ""] : []),
    ...content.outro.flatMap((p) => [p, ""]),
    "Dishcovery - discover and eat the best dishes in the world.",
  ].join("\n");
  const paragraph = (p: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2933">${escapeHtml(p)}</p>`;
  const codeBlock = content.code
    ? `<p style="margin:0 0 16px;font-size:32px;font-weight:700;letter-spacing:8px;font-family:Menlo,Consolas,monospace;color:#111">${escapeHtml(content.code)}</p>`
    : "";
  const actionBlock = content.action
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:12px 20px;border-radius:999px;background:#c2410c;color:#fff;font-weight:700;text-decoration:none">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#52606d;word-break:break-all">${escapeHtml(content.action.url)}</p>`
    : "";
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f4f0;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif">
<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#c2410c">Dishcovery</p>
<h1 style="margin:0 0 16px;font-size:22px;color:#111">${escapeHtml(content.heading)}</h1>
${content.intro.map(paragraph).join("\n")}
${codeBlock}${actionBlock}
${content.outro.map(paragraph).join("\n")}
</div></body></html>`;
  return { to: content.to, subject: content.subject, text, html };
}

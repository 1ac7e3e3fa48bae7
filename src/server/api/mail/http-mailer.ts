import type { Mailer } from "./mailer.ts";

/**
 * Sends through an HTTP mail API (Workers cannot open SMTP connections). The request body
 * {from, to, subject, text, html} with a bearer key is what Resend, Postmark-style relays
 * and most transactional mail APIs accept.
 */
export function httpMailer(options: { url: string; apiKey: string; from: string; fetch?: typeof fetch }): Mailer {
  const send = options.fetch ?? fetch;
  return {
    async send(message) {
      const res = await send(options.url, {
        method: "POST",
        headers: { authorization: `Bearer ${options.apiKey}`, "content-type": "application/json" },
        body: JSON.stringify({ from: options.from, ...message }),
      });
      if (!res.ok) throw new Error(`Mail API answered ${res.status}`);
    },
  };
}

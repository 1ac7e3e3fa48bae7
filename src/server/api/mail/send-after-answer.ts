import type { Context } from "hono";
import type { AppDeps } from "../deps.ts";
import type { MailMessage } from "./mailer.ts";

/**
 * Sends without the caller waiting: mail leaves after the answer where the host allows it
 * (waitUntil on Workers; Node simply keeps running), so whether a mail is sent, and how slow
 * or broken the mail server is, never shows in the answer or its timing. A failure is logged.
 */
export function sendAfterAnswer(
  c: Context,
  deps: Pick<AppDeps, "mailer" | "log">,
  message: MailMessage,
  /** What the warning calls the mail when it fails. */
  what = `mail "${message.subject}"`,
): void {
  const logged = deps.mailer
    .send(message)
    .catch((error: unknown) => deps.log("warn", `Could not send ${what}`, error));
  try {
    c.executionCtx.waitUntil(logged);
  } catch {
    // No execution context outside Workers: the promise finishes on its own.
  }
}

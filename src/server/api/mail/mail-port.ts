// The one way a service sends mail (deps.mail, issue 34), over the host's mailer. Mail the
// answer depends on (a code the person types next) is awaited and its failure answered; the
// rest leaves after the answer. The host keeps a request alive until its mail has left
// (drain(): waitUntil on Workers; Node simply keeps running).
import type { AppDeps, MailPort } from "../deps.ts";
import type { Mailer } from "./mailer.ts";

export function mailPort(mailer: Mailer, log: AppDeps["log"]): MailPort {
  const sending = new Set<Promise<void>>();
  return {
    sendAfterAnswer(message, what = `mail "${message.subject}"`) {
      const sent: Promise<void> = mailer
        .send(message)
        .catch((error: unknown) => log("warn", `Could not send ${what}`, error))
        .finally(() => sending.delete(sent));
      sending.add(sent);
    },
    sendNow: (message) => mailer.send(message),
    async drain() {
      while (sending.size > 0) await Promise.all(sending);
    },
  };
}

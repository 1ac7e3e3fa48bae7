import type { MailMessage, Mailer } from "./mailer.ts";

export interface OutboxMailer extends Mailer {
  /** Newest last. Development only: never exposed in production. */
  readonly outbox: readonly (MailMessage & { sentAt: number })[];
}

/** The development mailer: logs each message and keeps the latest ones in memory. */
export function outboxMailer(
  log: (message: string) => void = () => {},
  now: () => number = Date.now,
  keep = 50,
): OutboxMailer {
  const outbox: (MailMessage & { sentAt: number })[] = [];
  return {
    outbox,
    async send(message) {
      outbox.push({ ...message, sentAt: now() });
      if (outbox.length > keep) outbox.shift();
      log(`Mail to ${message.to}: ${message.subject}\n${message.text}`);
    },
  };
}

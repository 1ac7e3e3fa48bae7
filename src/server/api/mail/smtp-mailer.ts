// Node only: sends through an SMTP server (SMTP_URL, e.g. smtps://user:pass@smtp.example.com)
// with nodemailer. Workers cannot open SMTP connections; they use http-mailer.ts.
import nodemailer from "nodemailer";
import type { Mailer } from "./mailer.ts";

export interface SmtpMailer extends Mailer {
  close(): void;
}

export function smtpMailer(options: { url: string; from: string }): SmtpMailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    async send(message) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
    close() {
      transport.close();
    },
  };
}

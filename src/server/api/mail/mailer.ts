// Outgoing mail. Implementations: the development outbox (default under `npm start`),
// SMTP through nodemailer when SMTP_URL is set, and an HTTP mail API on Cloudflare.
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

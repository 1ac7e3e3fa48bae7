// The whole sign-up verification through a real SMTP server (smtp-server) on 127.0.0.1: the
// app sends with nodemailer, the test reads the code from the received message.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { smtpMailer, type SmtpMailer } from "./smtp-mailer.ts";

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let server: SMTPServer;
let received: Received[];
let waiting: ((message: Received) => void)[];
let mailer: SmtpMailer;
let t: TestApp;

beforeAll(async () => {
  received = [];
  waiting = [];
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const message = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        };
        received.push(message);
        waiting.shift()?.(message);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  mailer = smtpMailer({ url: `smtp://127.0.0.1:${port}`, from: "Dishcovery <hello@dishcovery.london>" });
  t = await createTestApp({ mailer });
});

afterAll(async () => {
  mailer.close();
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function nextMessage(): Promise<Received> {
  return new Promise((resolve) => waiting.push(resolve));
}

describe("SMTP mailer", () => {
  it("delivers the verification code, which then verifies the address", async () => {
    const arriving = nextMessage();
    const sent = await t.app.request("/api/users/sendEmail?to=smtp-user@example.com&subject=spam&text=spam", {
      method: "POST",
    });
    expect(sent.status).toBe(200);
    const message = await arriving;
    expect(message.from).toBe("hello@dishcovery.london");
    expect(message.to).toEqual(["smtp-user@example.com"]);
    expect(message.raw).toMatch(/^Subject: Your Dishcovery verification code\r?$/m);
    expect(message.raw).not.toContain("spam");
    expect(message.raw).toMatch(/multipart\/alternative/);
    const code = /^([A-Z0-9]{6})\r?$/m.exec(message.raw)?.[1];
    expect(code).toMatch(/^[A-Z0-9]{6}$/);

    const verified = await t.app.request("/api/users/verifyEmailCode1", {
      method: "POST",
      body: new URLSearchParams({ email: "smtp-user@example.com", code: code! }),
    });
    expect(verified.status).toBe(200);
    expect(((await verified.json()) as { message: string }).message).toBe("Email verified successfully.");
    expect(t.errors).toEqual([]);
  });

  it("answers 503 with the spec's message when the SMTP server cannot be reached, and logs no 500", async () => {
    const closed = smtpMailer({ url: "smtp://127.0.0.1:1", from: "hello@dishcovery.london" });
    const broken = await createTestApp({ mailer: closed });
    try {
      const res = await broken.app.request("/api/users/sendEmail?to=nobody@example.com", { method: "POST" });
      expect(res.status).toBe(503);
      expect(((await res.json()) as { message: string }).message).toBe(
        "Failed to send verification email. Please try again.",
      );
      expect(broken.errors).toEqual([]);
    } finally {
      closed.close();
      await broken.close();
    }
  });

  it("has no development outbox to read", async () => {
    expect((await t.app.request("/api/dev/outbox")).status).toBe(404);
  });
});

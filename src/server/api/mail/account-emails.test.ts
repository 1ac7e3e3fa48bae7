import { describe, expect, it } from "vitest";
import { accountExistsEmail } from "./account-exists-email.ts";
import { escapeHtml } from "./email-layout.ts";
import { passwordResetEmail } from "./password-reset-email.ts";
import { verificationEmail } from "./verification-email.ts";

describe("account e-mails", () => {
  it("put the code and its expiry in both the text and the HTML part", () => {
    for (const mail of [
      verificationEmail("a@example.com", "AB12CD"),
      passwordResetEmail("a@example.com", "AB12CD"),
    ]) {
      expect(mail.to).toBe("a@example.com");
      expect(mail.text).toMatch(/^AB12CD$/m);
      expect(mail.text).toContain("expires in 5 minutes");
      expect(mail.html).toContain(">AB12CD</p>");
      expect(mail.html).toContain("expires in 5 minutes");
      expect(mail.html).toMatch(/^<!doctype html>/);
    }
  });

  it("sends no code when the address already has an account", () => {
    const mail = accountExistsEmail("a@example.com", "https://dishcovery.example");
    expect(mail.text).not.toMatch(/^[A-Z0-9]{6}$/m);
    expect(mail.text).toContain("https://dishcovery.example/sign-in-users");
  });

  it("escapes every value put into HTML", () => {
    expect(escapeHtml(`<script>alert("x")</script>&'`)).toBe(
      "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;",
    );
    const mail = accountExistsEmail("a@example.com", "https://x.example/<script>");
    expect(mail.html).not.toContain("<script>");
  });
});

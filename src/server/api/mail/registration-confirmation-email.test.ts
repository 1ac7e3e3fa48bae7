import { describe, expect, it } from "vitest";
import { registrationConfirmationEmail } from "./registration-confirmation-email.ts";

describe("registration confirmation email", () => {
  const url = "https://dishcovery.london/confirm-registration?token=abc_DEF-123";

  it("carries the link as a button and written out, in both parts", () => {
    const mail = registrationConfirmationEmail("sam@example.com", "early-access", url);
    expect(mail).toMatchObject({
      to: "sam@example.com",
      subject: "Confirm your email for Dishcovery early access",
    });
    expect(mail.text).toContain(`Confirm my email address: ${url}`);
    expect(mail.html).toContain(`<a href="${url}"`);
    expect(mail.text).toContain("The link works for 3 days.");
    expect(mail.text).toContain("If this was not you, ignore this email");
  });

  it("escapes the link in HTML, so a crafted origin cannot break out of the attribute", () => {
    const mail = registrationConfirmationEmail("sam@example.com", "influencer", `${url}&x="><script>`);
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&amp;x=&quot;&gt;&lt;script&gt;");
  });
});

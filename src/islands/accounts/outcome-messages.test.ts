import { describe, expect, it } from "vitest";
import { NO_RESPONSE_MESSAGE } from "../../shared/api-client.ts";
import { loginResult, resendStatus, resetCodeStatus, resetPasswordStatus, sendEmailStatus, signupStatus, toneOf, verifyFailureStatus } from "./outcome-messages.ts";

const noResponse = { kind: "no-response", message: NO_RESPONSE_MESSAGE } as const;
const failed = (status: number, message = "") => ({ kind: "failed", status, message, fields: {} }) as const;
const ok = <T>(data: T, message = "success") => ({ kind: "ok", status: 200, message, data }) as const;

describe("e-mail step messages (spec point 8)", () => {
  it("shows the sent message in green", () => {
    expect(sendEmailStatus(ok(null))).toEqual({
      text: "Verification email sent successfully!",
      tone: "success",
    });
  });

  it("prefixes the server's error, or Bad Request when it gave none, in red", () => {
    expect(sendEmailStatus(failed(400, "Invalid email address."))).toEqual({
      text: "Failed to send email: Invalid email address.",
      tone: "error",
    });
    expect(sendEmailStatus(failed(400)).text).toBe("Failed to send email: Bad Request");
  });

  it("says the e-mail could not be sent when the server did not answer", () => {
    expect(sendEmailStatus(noResponse)).toEqual({
      text: "Failed to send verification email. Please try again.",
      tone: "error",
    });
  });

  it("colours by the word success", () => {
    expect(toneOf("Verification email resent successfully!")).toBe("success");
    expect(toneOf("Failed to send email: Bad Request")).toBe("error");
  });
});

describe("verification and resend messages", () => {
  it("shows the server's own verification messages as they are", () => {
    for (const message of [
      "Invalid verification code. Please try again.",
      "Verification code has expired. Please resend the code.",
      "Invalid verification code format.",
    ]) {
      expect(verifyFailureStatus(failed(400, message)).text).toBe(message);
    }
  });

  it("shows a 429's explanation as it is", () => {
    const message =
      "Too many wrong attempts. Please request a new verification code. Please try again in 30 minutes.";
    expect(verifyFailureStatus(failed(429, message)).text).toBe(message);
  });

  it("prefixes any other failure with Verification failed", () => {
    expect(verifyFailureStatus(failed(500, "Internal server error")).text).toBe(
      "Verification failed: Internal server error",
    );
    expect(verifyFailureStatus(failed(400)).text).toBe("Verification failed: Bad Request");
  });

  it("reports an unexpected error when the server did not answer", () => {
    expect(verifyFailureStatus(noResponse).text).toBe("An unexpected error occurred. Please try again.");
  });

  it("words resend outcomes as point 8's Resend row", () => {
    expect(resendStatus(ok(null))).toEqual({
      text: "Verification email resent successfully!",
      tone: "success",
    });
    expect(resendStatus(failed(400, "Invalid email address.")).text).toBe(
      "Resend failed: Invalid email address.",
    );
    expect(resendStatus(failed(400)).text).toBe("Resend failed: Bad Request");
    expect(resendStatus(noResponse).text).toBe("Failed to resend verification email. Please try again.");
  });

  it("asks to wait for the current code on a 429 without a reason, and keeps a given reason", () => {
    expect(resendStatus(failed(429)).text).toBe("Please wait until the current code expires to resend.");
    expect(resendStatus(failed(429, "Too many requests. Please wait and try again.")).text).toBe(
      "Too many requests. Please wait and try again.",
    );
  });
});

describe("signup messages", () => {
  it("shows the server's success message, or Signup successful!", () => {
    expect(signupStatus(ok({ success: true }, "Signup successful!"))).toEqual({
      text: "Signup successful!",
      tone: "success",
    });
    expect(signupStatus(ok({ success: true }, "")).text).toBe("Signup successful!");
  });

  it("shows the server's failure message, or the fallback, or the no-response message", () => {
    expect(signupStatus(failed(409, "That username is already taken.")).text).toBe(
      "That username is already taken.",
    );
    expect(signupStatus(failed(500)).text).toBe("Signup failed. Please try again.");
    expect(signupStatus(noResponse).text).toBe("No response from server. Please check your connection.");
  });
});

describe("login outcome", () => {
  it("returns the session fields of a successful login", () => {
    expect(
      loginResult(ok({ token: "t", userId: 3, username: "jane", email: "j@x.io", profileId: 4 })),
    ).toEqual({
      ok: true,
      token: "t",
      userId: 3,
      username: "jane",
      email: "j@x.io",
      profileId: 4,
    });
  });

  it("refuses a success without a token or user id", () => {
    for (const data of [null, {}, { userId: 3 }, { token: "", userId: 3 }, { token: "t" }]) {
      expect(loginResult(ok(data))).toEqual({
        ok: false,
        status: { text: "Invalid login credentials.", tone: "error" },
      });
    }
  });

  it("says the same for every 401, whatever the server wrote", () => {
    expect(loginResult(failed(401, "anything"))).toEqual({
      ok: false,
      status: { text: "Invalid email or password. Please try again.", tone: "error" },
    });
  });

  it("shows the server message of another failure, or the unexpected-error message", () => {
    const tooMany = loginResult(failed(429, "Too many login attempts. Try again in 5 minutes."));
    expect(tooMany.ok === false && tooMany.status.text).toBe(
      "Too many login attempts. Try again in 5 minutes.",
    );
    const bare = loginResult(failed(500));
    expect(bare.ok === false && bare.status.text).toBe(
      "An unexpected error occurred. Please try again later.",
    );
    const offline = loginResult(noResponse);
    expect(offline.ok === false && offline.status.text).toBe(
      "An unexpected error occurred. Please try again later.",
    );
  });
});

describe("forgot-password messages", () => {
  it("answers the code request neutrally", () => {
    expect(resetCodeStatus(ok(null, "whatever"))).toEqual({
      text: "If an account exists for that address, we have sent a code.",
      tone: "info",
    });
    expect(resetCodeStatus(noResponse).text).toBe("No response from server. Please check your connection.");
  });

  it("confirms a changed password and shows why a reset failed", () => {
    expect(resetPasswordStatus(ok(null)).tone).toBe("success");
    expect(resetPasswordStatus(failed(400, "Invalid verification code. Please try again.")).text).toBe(
      "Invalid verification code. Please try again.",
    );
    expect(resetPasswordStatus(failed(500)).text).toBe(
      "Your password could not be changed. Please try again.",
    );
  });
});

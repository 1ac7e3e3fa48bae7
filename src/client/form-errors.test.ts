import { describe, expect, it } from "vitest";
import { loginSchema, signupSchema, signupStep1Schema } from "../shared/schemas/accounts.ts";
import { fieldErrors, firstInvalid } from "./form-errors.ts";

describe("form errors from the shared schemas", () => {
  it("gives the login placeholders' messages for empty fields (spec point 5)", () => {
    expect(fieldErrors(loginSchema, { emailOrPhoneNumber: "  ", password: "" })).toEqual({
      emailOrPhoneNumber: "Email or Phone Number is required",
      password: "Password is required",
    });
  });

  it("gives step 1's e-mail message", () => {
    expect(fieldErrors(signupStep1Schema, { username: "jane", email: "jane@" })).toEqual({
      email: "Invalid email address. Please enter a valid email.",
    });
  });

  it("keeps only the first message of a field", () => {
    const errors = fieldErrors(signupStep1Schema, { username: "", email: "jane@example.com" });
    expect(errors).toEqual({ username: "Username is required." });
  });

  it("names the first invalid field in form order", () => {
    const errors = fieldErrors(signupSchema, {
      email: "jane@example.com",
      username: "jane",
      firstName: "Jane",
      lastName: "",
      phoneNumber: "12",
      password: "short",
      signupTicket: "A".repeat(43),
    });
    expect(Object.keys(errors).sort()).toEqual(["lastName", "password", "phoneNumber"]);
    expect(firstInvalid(["firstName", "lastName", "phoneNumber", "password"], errors)).toBe("lastName");
  });
});

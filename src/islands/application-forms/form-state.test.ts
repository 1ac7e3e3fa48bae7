import { describe, expect, it } from "vitest";
import { APPLICATION_FORMS } from "./form-fields.ts";
import { fieldErrors, submitApplication } from "./form-state.ts";

const influencer = APPLICATION_FORMS.influencer;
const empty = Object.fromEntries(influencer.fields.map((f) => [f.name, ""]));

describe("fieldErrors", () => {
  it("names every required field of an empty influencer form, and not the optional phone", () => {
    expect(fieldErrors(influencer.schema, empty)).toEqual({
      firstName: "First name is required.",
      lastName: "Last name is required.",
      email: "Please enter a valid email address.",
      socialUrl: "Please enter the address of your main social media profile.",
    });
  });

  it("passes a complete form", () => {
    expect(
      fieldErrors(influencer.schema, {
        firstName: "Ada",
        lastName: "Okafor",
        email: "ada@example.com",
        phone: "",
        socialUrl: "https://tiktok.com/@ada",
      }),
    ).toEqual({});
  });

  it("every field the schema checks is a field the form shows, so no error is invisible", () => {
    const shown = new Set<string>(influencer.fields.map((f) => f.name));
    for (const field of Object.keys(fieldErrors(influencer.schema, { phone: "x" }))) {
      expect(shown.has(field)).toBe(true);
    }
  });
});

function fakeFetch(status: number, body: unknown): typeof fetch {
  return async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

describe("submitApplication", () => {
  it("passes the server's thank-you message through", async () => {
    const outcome = await submitApplication("/x", {}, fakeFetch(200, { code: 200, message: "Thanks!", data: null }));
    expect(outcome).toEqual({ ok: true, message: "Thanks!" });
  });

  it("returns the server's field errors on 400", async () => {
    const outcome = await submitApplication(
      "/x",
      {},
      fakeFetch(400, { code: 400, message: "Bad e-mail", data: { fields: { email: "Bad e-mail" } } }),
    );
    expect(outcome).toEqual({ ok: false, message: "Bad e-mail", fields: { email: "Bad e-mail" } });
  });

  it("answers a server failure with the spec's failure message", async () => {
    const outcome = await submitApplication("/x", {}, fakeFetch(500, { code: 500, message: "Internal server error" }));
    expect(outcome).toEqual({ ok: false, message: "Failed to register. Please try again later.", fields: {} });
  });

  it("answers a network failure with the spec's error message", async () => {
    const outcome = await submitApplication("/x", {}, async () => {
      throw new TypeError("offline");
    });
    expect(outcome).toEqual({ ok: false, message: "An error occurred. Please try again later.", fields: {} });
  });
});

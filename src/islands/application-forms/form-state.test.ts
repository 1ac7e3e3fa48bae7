import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { REGISTRATION_MESSAGES } from "../../domain/registration-rules.ts";
import { createTestApp, type TestApp } from "../../server/api/testing/test-app.ts";
import { createApiClient, type ApiClient } from "../../shared/api-client.ts";
import { APPLICATION_FORMS } from "./form-fields.ts";
import { fieldErrors } from "../../client/form-errors.ts";
import { submitApplication } from "./form-state.ts";

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

describe("submitApplication against the real API", () => {
  let t: TestApp;
  let client: ApiClient;
  beforeEach(async () => {
    t = await createTestApp();
    client = createApiClient({ fetch: (input, init) => t.app.request(input, init) });
  });
  afterEach(async () => {
    await t.close();
  });
  const ada = {
    firstName: "Ada",
    lastName: "Okafor",
    email: "ada@example.com",
    phone: "",
    socialUrl: "https://tiktok.com/@ada",
  };

  it("passes the server's thank-you message through", async () => {
    expect(await submitApplication(influencer.send(client, ada))).toEqual({
      ok: true,
      message: REGISTRATION_MESSAGES.influencerApplied,
    });
  });

  it("returns the server's field errors on 400", async () => {
    const outcome = await submitApplication(influencer.send(client, { ...ada, email: "not-an-email" }));
    expect(outcome).toEqual({
      ok: false,
      message: "Please enter a valid email address.",
      fields: { email: "Please enter a valid email address." },
    });
  });

  it("answers a server failure with the spec's failure message", async () => {
    const failing = createApiClient({
      fetch: async () =>
        new Response(JSON.stringify({ code: 500, message: "Internal server error", data: null }), {
          status: 500,
        }),
    });
    expect(await submitApplication(influencer.send(failing, ada))).toEqual({
      ok: false,
      message: "Failed to register. Please try again later.",
      fields: {},
    });
  });

  it("answers a network failure with the spec's error message", async () => {
    const offline = createApiClient({
      fetch: async () => {
        throw new TypeError("offline");
      },
    });
    expect(await submitApplication(influencer.send(offline, ada))).toEqual({
      ok: false,
      message: "An error occurred. Please try again later.",
      fields: {},
    });
  });
});

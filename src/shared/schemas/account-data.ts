// Settings' account calls (issue 12): change password, download my data (UK GDPR Article 20,
// portability) and delete my account. The acting user is the token's; {userId} must name them.
import {
  ACCOUNT_DATA_MESSAGES,
  ACCOUNT_MESSAGES,
  PASSWORD_INPUT_MAX_LENGTH,
} from "../../domain/account-rules.ts";
import { passwordSchema } from "./accounts.ts";
import * as z from "./zod.ts";

/** POST /account/password/{userId}. */
export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: ACCOUNT_MESSAGES.passwordRequired })
    .min(1, ACCOUNT_MESSAGES.passwordRequired)
    .max(PASSWORD_INPUT_MAX_LENGTH, ACCOUNT_DATA_MESSAGES.currentPasswordWrong),
  newPassword: passwordSchema,
});

/** POST /account/delete/{userId}: the password confirms it is really the owner. */
export const deleteAccountSchema = z.object({
  password: z
    .string({ error: ACCOUNT_DATA_MESSAGES.passwordToDelete })
    .min(1, ACCOUNT_DATA_MESSAGES.passwordToDelete)
    .max(PASSWORD_INPUT_MAX_LENGTH, ACCOUNT_MESSAGES.loginFailed),
});

export const passwordChangedSchema = z.object({
  token: z.string().describe("A new session token for this device; every other token has ended"),
});

const person = z.object({ userId: z.number().int(), username: z.string() });
const iso = z.string().describe("ISO 8601");

/** Everything the person gave us, as one JSON file. Photos are listed by URL. */
export const accountExportSchema = z.object({
  exportedAt: iso,
  account: z.object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    phoneNumber: z.string().nullable(),
    firstName: z.string(),
    lastName: z.string(),
    registrationMethod: z.string(),
    createdAt: iso,
  }),
  profile: z.object({
    name: z.string(),
    bio: z.string(),
    photoUrl: z.string().nullable(),
    isPrivate: z.boolean(),
  }),
  posts: z.array(
    z.object({
      id: z.number().int(),
      restaurantId: z.number().int().nullable(),
      restaurantName: z.string().nullable(),
      dishId: z.number().int().nullable(),
      dishName: z.string().nullable(),
      postedWith: z.number().int().nullable().describe("The restaurant review a dish review was posted with"),
      content: z.string(),
      rating: z.number().nullable(),
      incentivised: z.boolean(),
      createdAt: iso,
      updatedAt: iso.nullable(),
      photoUrls: z.array(z.string()),
    }),
  ),
  comments: z.array(
    z.object({
      id: z.number().int(),
      postId: z.number().int(),
      parentId: z.number().int().nullable(),
      content: z.string(),
      createdAt: iso,
      updatedAt: iso.nullable(),
    }),
  ),
  likes: z.object({ posts: z.array(z.number().int()), comments: z.array(z.number().int()) }),
  savedPosts: z.array(z.number().int()),
  /** Issue 32: every list with its items and notes. */
  lists: z.array(
    z.object({
      id: z.number().int(),
      system: z.enum(["want", "been"]).nullable(),
      name: z.string(),
      description: z.string(),
      visibility: z.enum(["public", "followers", "private"]),
      createdAt: iso,
      items: z.array(z.object({ kind: z.enum(["restaurant", "dish"]), id: z.number().int(), note: z.string(), addedAt: iso })),
    }),
  ),
  following: z.array(person),
  followers: z.array(person),
  followRequestsSent: z.array(person),
  blocked: z.array(person),
});

export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;
export type AccountExport = z.infer<typeof accountExportSchema>;

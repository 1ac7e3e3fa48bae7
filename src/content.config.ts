// Content collections: Markdown that editors change without touching code. Each legal page
// is one file in src/content/legal/; its file name is its URL (/privacy-policy, ...).
import { defineCollection } from "astro:content";
import { glob } from "astro/loaders";
import { z } from "astro/zod";

const legal = defineCollection({
  loader: glob({ pattern: "*.md", base: "./src/content/legal" }),
  schema: z.object({
    title: z.string().min(1),
    /** The page's meta description: one or two sentences, under about 160 characters. */
    description: z.string().min(1).max(200),
    /** When the text last changed in substance; shown as "Last updated". */
    updated: z.coerce.date(),
  }),
});

export const collections = { legal };

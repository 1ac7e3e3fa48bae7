// Registers `client:interaction` (src/build/interaction-directive.ts) with Astro.
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";

export function interactionDirectiveIntegration(): AstroIntegration {
  return {
    name: "dishcovery:client-interaction",
    hooks: {
      "astro:config:setup": ({ addClientDirective }) => {
        addClientDirective({ name: "interaction", entrypoint: fileURLToPath(new URL("./interaction-directive.ts", import.meta.url)) });
      },
    },
  };
}

declare module "astro" {
  interface AstroClientDirectives {
    "client:interaction"?: boolean;
  }
}

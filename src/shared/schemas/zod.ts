// zod, configured for our Content-Security-Policy. Schema modules import it from here, not
// from "zod", so the setting is applied before any of their schemas is built.
// zod 4 probes `new Function("")` when it builds an object schema, to decide whether to
// compile fast parsers; under our CSP (no 'unsafe-eval') the probe is blocked and Chrome
// reports a CSP violation even though zod catches the error. `jitless` skips the probe;
// parsing stays correct, only that JIT is off.
// Why a re-export and not a side-effect import: bundlers may hoist a shared chunk's schemas
// above a side-effect-only import in another chunk, and the probe would run first.
// Why `export *` imported as a namespace (`import * as z from "./zod.ts"`) and not zod's `z`
// object: esbuild keeps every export of a namespace object that a module re-exports or hands
// on, so one `z` value put all of zod, its 40 locales included, into the Cloudflare Function
// (docs/perf/edge-bundle.md).
import { config } from "zod";

config({ jitless: true });

export * from "zod";

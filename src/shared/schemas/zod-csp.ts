// Import this module (for its side effect) before any zod schema parses in the browser.
// zod 4 probes `new Function("")` to decide whether to compile fast parsers; under our CSP
// (no 'unsafe-eval') the probe is blocked and Chrome reports a CSP violation even though zod
// catches the error. `jitless` skips the probe; parsing stays correct, only the JIT is off.
import { z } from "zod";

z.config({ jitless: true });

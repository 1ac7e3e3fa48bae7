import { secureHeaders } from "hono/secure-headers";

// API responses are JSON only: nothing in them may run, frame or be sniffed.
export function apiSecurityHeaders(production: boolean) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
    },
    strictTransportSecurity: production ? "max-age=63072000; includeSubDomains; preload" : false,
    referrerPolicy: "strict-origin-when-cross-origin",
    crossOriginResourcePolicy: "same-origin",
    xFrameOptions: "DENY",
  });
}

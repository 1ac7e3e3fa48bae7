import { describe, expect, it } from "vitest";
import { clientLimitSubject } from "./client-address.ts";
import { networkPrefix } from "./review-signals.ts";

describe("clientLimitSubject", () => {
  it("keys IPv6 by its /64, whatever way the address is written", () => {
    expect(clientLimitSubject("2001:db8:77:1:abcd::9")).toBe("2001:db8:77:1::/64");
    expect(clientLimitSubject("[2001:0DB8:0077:0001:ffff:ffff:ffff:ffff]")).toBe("2001:db8:77:1::/64");
    expect(clientLimitSubject("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });

  it("keeps an IPv4 address as it is, read out of an IPv4-mapped one, and any other name unchanged", () => {
    expect(clientLimitSubject("198.51.100.3")).toBe("198.51.100.3");
    expect(clientLimitSubject("::ffff:198.51.100.3")).toBe("198.51.100.3");
    expect(clientLimitSubject("searcher-4")).toBe("searcher-4");
  });

  it("groups no wider than detection does (its /48 holds the /64)", () => {
    expect(networkPrefix("2001:db8:77:1::9")).toBe("2001:db8:77::/48");
    expect(networkPrefix("::1")).toBeUndefined();
  });
});

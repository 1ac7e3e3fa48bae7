import { describe, expect, it } from "vitest";
import { parsePostcodeDistrict } from "./postcode-district.ts";

describe("parsePostcodeDistrict", () => {
  it("reads every shape of outward code, in any case", () => {
    expect(parsePostcodeDistrict("N1")).toBe("N1");
    expect(parsePostcodeDistrict("n1")).toBe("N1");
    expect(parsePostcodeDistrict("EC1V")).toBe("EC1V");
    expect(parsePostcodeDistrict(" sw1a ")).toBe("SW1A");
    expect(parsePostcodeDistrict("W1D")).toBe("W1D");
    expect(parsePostcodeDistrict("SE15")).toBe("SE15");
    expect(parsePostcodeDistrict("E1W")).toBe("E1W");
  });

  it("takes the district from a full postcode, with or without its space", () => {
    expect(parsePostcodeDistrict("SW1A 1AA")).toBe("SW1A");
    expect(parsePostcodeDistrict("ec1v 4pw")).toBe("EC1V");
    expect(parsePostcodeDistrict("N19GU")).toBe("N1");
    expect(parsePostcodeDistrict("N194AA")).toBe("N19");
    expect(parsePostcodeDistrict("N1 9GU")).toBe("N1");
  });

  it("refuses what is not a postcode", () => {
    for (const input of ["", "Angel", "1N", "N", "ECV1", "SW1A 1A", "N1 9GU X", "ramen N1", "NNN1"]) {
      expect(parsePostcodeDistrict(input), input).toBeNull();
    }
  });
});

// UK postcode districts (the "outward code": "N1", "EC1V", "SW1A"), as people type them or as
// the front of a full postcode. Pure: no I/O.

/** A1, A1A, A11, AA1, AA1A, AA11: the six shapes of an outward code (Royal Mail's PAF guide). */
const OUTWARD = /^([A-Z]{1,2}[0-9][A-Z0-9]?)$/;
const FULL = /^([A-Z]{1,2}[0-9][A-Z0-9]?) ?([0-9][A-Z]{2})$/;

/**
 * The district of "n1", "EC1V", "sw1a 1aa" or "N19GU"; null for anything else. Spaces and case
 * do not matter; whether the district exists is the data's question, not this one's.
 */
export function parsePostcodeDistrict(input: string): string | null {
  const text = input.trim().toUpperCase().replace(/\s+/g, " ");
  if (text.length === 0 || text.length > 8) return null;
  const full = FULL.exec(text);
  if (full) return full[1]!;
  const outward = OUTWARD.exec(text);
  return outward ? outward[1]! : null;
}

export const POSTCODE_DISTRICT_MESSAGE = 'must be a London postcode district such as "N1", "EC1V" or "SW1A"';

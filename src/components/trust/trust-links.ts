// Where the trust pages live and what links to them say (issue 15). One place, so the
// footer, every ranked list and the tests agree.
export const HOW_WE_RANK_PATH = "/how-rankings-work";
export const HOW_WE_RANK_LABEL = "How we rank";
export const REVIEW_POLICY_PATH = "/review-policy";
export const REVIEW_POLICY_LABEL = "Review Policy";
/** The quarterly transparency report (issue 21), from the footer and the review policy. */
export const TRANSPARENCY_PATH = "/transparency";
export const TRANSPARENCY_LABEL = "Transparency Report";

/** Asked in the review modal and answered on the review card (issue 15). */
export const INCENTIVE_QUESTION =
  "Did you receive anything for this review (a free meal, a discount, an invitation)?";

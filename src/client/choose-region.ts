// The header's Change link and the search island meet at this fragment: the link points to
// it, and the search bar opens its region list when the page's address carries it (issue 16).
export const CHOOSE_REGION_HASH = "#choose-region";

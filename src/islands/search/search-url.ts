// The search results URL of spec point 2: /search?keyword=&location= (location may be empty,
// meaning all of London).
export const KEYWORD_REQUIRED_MESSAGE = "Please enter a dish, restaurant or cuisine to search for.";

export function searchUrl(keyword: string, location: string): string {
  const params = new URLSearchParams({ keyword: keyword.trim(), location: location.trim() });
  return `/search?${params.toString()}`;
}

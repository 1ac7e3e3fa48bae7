// TypeScript shapes of the discovery API's answers (/work/helpers/api-contract.md), for
// pages and islands until the zod schemas in src/shared/schemas/ cover them. Money is in
// pounds (major units); ratings are means to one decimal, 0 when unrated.

export interface Location {
  region: string;
  area: string;
  regionId?: number;
  areaId?: number;
}

export interface Dish {
  id: number;
  dishName: string;
  restaurantId: number;
  restaurantName: string;
  restaurantAddress: string;
  restaurantLogo: string | null;
  images: string[];
  price: number | null;
  currency: string;
  rating: number;
  ratingCount?: number;
  location: Location;
  tags: string[];
  description: string;
  about: string;
}

export interface Restaurant {
  id: number;
  name: string;
  rating: number;
  ratingCount?: number;
  logo: string | null;
  images: string[];
  tags: string[];
  location: Location;
  bookingLinks: string[];
  description: string;
  address: string;
  postCode?: string;
  phone?: string | null;
  openingHours: string[];
  priceRange?: string;
}

export interface Offer {
  id: number;
  restaurantId?: number;
  title: string;
  image: string | null;
  imageUrl: string | null;
  restaurantName: string;
  location: Location;
  rating: number;
  description: string;
  originalPrice: number;
  discountedPrice: number;
  currency: string;
  termsAndConditions: string;
  available: string;
  booking: string;
}

export interface Tag {
  id: number;
  tagName: string;
  /** An emoji. */
  imageURL: string;
}

export interface Region {
  id: number;
  regionName: string;
}

export interface Area {
  id: number;
  areaName: string;
  image: string | null;
  content?: string;
  regionId?: number;
  regionName?: string;
}

/** Every answer of the API is wrapped in this envelope; `code` equals the HTTP status. */
export interface ApiEnvelope<T> {
  code: number;
  message: string;
  data: T;
}

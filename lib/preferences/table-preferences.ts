/** The member's list preferences: what may be chosen (free of zod: the lists' client code imports it). */
/** The rows a list shows per page, as a member may choose (the API pages at most 100). */
export const PAGE_SIZES = [25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

export const DENSITIES = ['comfortable', 'compact'] as const;
export type Density = (typeof DENSITIES)[number];

/** How a member likes the console's lists, the same on every list. */
export interface TablePreferences {
  pageSize: PageSize;
  density: Density;
}

export const DEFAULT_TABLE_PREFERENCES: TablePreferences = { pageSize: 25, density: 'comfortable' };

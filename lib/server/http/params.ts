import { z } from 'zod';

export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const PageParams = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  limit: z.coerce.number().int().min(1).max(100).catch(25),
});

/** page/limit from a URL, with anything malformed falling back to the defaults. */
export async function pageParams(
  searchParams: SearchParams,
  defaultLimit = 25,
): Promise<{ page: number; limit: number }> {
  const raw = await searchParams;
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  return PageParams.parse({ page: first(raw.page) ?? 1, limit: first(raw.limit) ?? defaultLimit });
}

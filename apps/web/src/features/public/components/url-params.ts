/**
 * The public lists keep their search in the URL query, so a filtered list can be shared as a link
 * and the browser's back button undoes a filter. Plain: no antd.
 */

/** A whole number from the URL query, or nothing. */
export const numberParam = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);

/** One of `list` from the URL query, or nothing. */
export const oneOf = <T extends string>(list: readonly T[], v: string | null): T | undefined =>
  list.includes(v as T) ? (v as T) : undefined;

/** What a filter change asks of the URL: a value, or `undefined` (or '') to drop it. */
export type ParamsPatch = Record<string, string | number | undefined>;

/** The query with `patch` applied; a change starts again from the first page unless `keepPage`. */
export function patchParams(params: URLSearchParams, patch: ParamsPatch, keepPage = false): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  if (!keepPage) next.delete('pageNum');
  return next;
}

/** The address of page `page` of the list at `pathname` and the query (the first page has no number). */
export const pageHref = (pathname: string, params: URLSearchParams, page: number): string => {
  const query = patchParams(params, { pageNum: page > 1 ? page : undefined }, true).toString();
  return query ? `${pathname}?${query}` : pathname;
};

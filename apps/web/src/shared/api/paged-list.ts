import { request, type Query } from '@/shared/lib/request';

/** A list answer's page: its rows and the total (DESIGN §4). */
export interface Paged<T> {
  rows: T[];
  total: number;
}

/** GETs one page of a list; the row type is the wire form of the route's contracts schema. */
export async function pagedList<T>(url: string, params: Query, withToken = true): Promise<Paged<T>> {
  const body = await request(url, { params, withToken });
  return { rows: (body.rows ?? []) as T[], total: Number(body.total ?? 0) };
}

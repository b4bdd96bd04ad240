import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request, type Query } from '@/shared/lib/request';

/** A published project as the hall lists it; the public pages and a supplier's follows show it. */
export interface HallProject {
  id: number;
  code: string;
  name: string;
  ownerName: string;
  typeId: number;
  typeName: string;
  typeNameZh: string;
  placeId: number;
  placeName: string;
  placeNameZh: string;
  budget: number;
  model: number;
  guaranteeRequired: boolean;
  guaranteeAmount: number;
  signupStart: string;
  bidDeadline: string;
  openingAt: string;
  status: string;
  publishedAt: string | null;
  followedAt?: string;
}

export interface ProjectDocument {
  fileName: string;
  originalName: string;
  size: number;
}

export interface Paged<T> {
  rows: T[];
  total: number;
}

export async function pagedList<T>(url: string, params: Query, withToken = true): Promise<Paged<T>> {
  const body = await request(url, { params, withToken });
  return { rows: (body.rows ?? []) as T[], total: Number(body.total ?? 0) };
}

// A supplier's follows.
export const followStateQuery = (id: number) =>
  queryOptions({
    queryKey: ['follows', 'state', id],
    queryFn: async (): Promise<boolean> =>
      Boolean(((await request(`/api/supplier/follows/${id}`, { quiet: true })).data as { followed: boolean }).followed),
  });

export const followsQuery = (page: { pageNum: number; pageSize: number }) =>
  queryOptions({
    queryKey: ['follows', 'list', page],
    queryFn: () => pagedList<HallProject>('/api/supplier/follows', page),
    placeholderData: keepPreviousData,
  });

export const follow = (id: number) => request(`/api/supplier/follows/${id}`, { method: 'POST' });
export const unfollow = (id: number) => request(`/api/supplier/follows/${id}`, { method: 'DELETE' });

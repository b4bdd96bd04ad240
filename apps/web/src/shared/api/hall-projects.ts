import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { followedProject, hallRow } from '@lvb/contracts/project-rows';
import type { WireOf } from '@lvb/contracts/wire';
import { pagedList } from '@/shared/api/paged-list';
import { request } from '@/shared/lib/request';

/** A published project as the hall lists it; the public pages and a supplier's follows show it. */
export type HallProject = WireOf<typeof hallRow>;
export type FollowedProject = WireOf<typeof followedProject>;

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
    queryFn: () => pagedList<FollowedProject>('/api/supplier/follows', page),
    placeholderData: keepPreviousData,
  });

export const follow = (id: number) => request(`/api/supplier/follows/${id}`, { method: 'POST' });
export const unfollow = (id: number) => request(`/api/supplier/follows/${id}`, { method: 'DELETE' });

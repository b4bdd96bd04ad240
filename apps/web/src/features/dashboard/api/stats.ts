import type { dashboard, supplierHome, WaitingKind } from '@lvb/contracts/stats';
import type { WireOf } from '@lvb/contracts/wire';
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/shared/lib/request';

/** The figures of the admin home: an employee's (what waits, the charts) and a supplier's. */

export type Dashboard = WireOf<typeof dashboard>;
export type SupplierHome = WireOf<typeof supplierHome>;
export type { WaitingKind };

export const dashboardQuery = () =>
  queryOptions({
    queryKey: ['/api/stats/dashboard'],
    queryFn: async ({ signal }) => (await request('/api/stats/dashboard', { signal })).data as Dashboard,
  });

export const supplierHomeQuery = () =>
  queryOptions({
    queryKey: ['/api/stats/supplier-home'],
    queryFn: async ({ signal }) => (await request('/api/stats/supplier-home', { signal })).data as SupplierHome,
  });

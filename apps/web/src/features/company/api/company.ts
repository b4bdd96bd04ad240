import { companyRecord, type updateCompanyBody } from '@lvb/contracts/identity';
import type { WireOf } from '@lvb/contracts/wire';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '@/shared/lib/request';

export type Company = WireOf<typeof companyRecord>;

/** GET /api/user/jkqgetUserInfoById?compId=: the company record (spec §3). */
export const companyQuery = (compId: number) =>
  queryOptions({
    queryKey: ['company', compId],
    queryFn: async (): Promise<Company> =>
      companyRecord.parse((await request('/api/user/jkqgetUserInfoById', { params: { compId } })).data),
  });

export type CompanyUpdate = z.input<typeof updateCompanyBody>;

/** POST /api/user/updateCompany: answers the saved record. */
export async function updateCompany(input: CompanyUpdate): Promise<Company> {
  return companyRecord.parse((await request('/api/user/updateCompany', { method: 'POST', data: input })).data);
}

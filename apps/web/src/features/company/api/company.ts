import { companyRecord, type CompanyRecord } from '@lvb/contracts/identity';
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/shared/lib/request';

/** GET /api/user/jkqgetUserInfoById?compId=: the company record (spec §3). */
export const companyQuery = (compId: number) =>
  queryOptions({
    queryKey: ['company', compId],
    queryFn: async (): Promise<CompanyRecord> =>
      companyRecord.parse((await request('/api/user/jkqgetUserInfoById', { params: { compId } })).data),
  });

export interface CompanyUpdate {
  compId?: number;
  contactName: string;
  induRegiNo: string;
  contactTel: string;
  bankName: string;
  accountNo: string;
}

/** POST /api/user/updateCompany: answers the saved record. */
export async function updateCompany(input: CompanyUpdate): Promise<CompanyRecord> {
  return companyRecord.parse((await request('/api/user/updateCompany', { method: 'POST', data: input })).data);
}

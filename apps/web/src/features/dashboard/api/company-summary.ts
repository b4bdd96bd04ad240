import { companyRecord, type CompanyRecord } from '@lvb/contracts/identity';
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/shared/lib/request';

/** The supplier's company record, for the completeness card of the admin home. */
export const companySummaryQuery = (compId: number) =>
  queryOptions({
    queryKey: ['company', compId],
    queryFn: async (): Promise<CompanyRecord> =>
      companyRecord.parse((await request('/api/user/jkqgetUserInfoById', { params: { compId } })).data),
  });

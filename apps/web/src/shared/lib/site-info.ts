import { queryOptions, useQuery } from '@tanstack/react-query';
import { readFields, type Fields } from './answer-shape';
import { queryClient } from './query-client';
import { request } from './request';

/** GET /api/common/site-info: public configuration (docs/api-identity.md). */
const siteInfoFields = {
  platformName: 'string',
  consultPhone: 'string',
  serviceHours: 'string',
  loginKey: 'string',
  captchaEnabled: 'boolean',
  smsOutbox: 'boolean?',
} as const;
export type SiteInfo = Fields<typeof siteInfoFields>;

export const siteInfoQuery = queryOptions({
  queryKey: ['site-info'],
  queryFn: async () => {
    const body = await request('/api/common/site-info', { withToken: false, quiet: true });
    return readFields(body.data, siteInfoFields, 'site info');
  },
  staleTime: Infinity,
});

export function useSiteInfo() {
  return useQuery(siteInfoQuery);
}

/** The login cipher key, fetched once and reused by every sign-in form. */
export async function loginKey(): Promise<string> {
  return (await queryClient.fetchQuery(siteInfoQuery)).loginKey;
}

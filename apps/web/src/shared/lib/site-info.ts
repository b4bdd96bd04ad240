import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { queryClient } from './query-client';
import { request } from './request';

/** GET /api/common/site-info: public configuration (docs/api-identity.md). */
const siteInfoSchema = z.object({
  platformName: z.string(),
  consultPhone: z.string(),
  serviceHours: z.string(),
  loginKey: z.string(),
  captchaEnabled: z.boolean(),
  smsOutbox: z.boolean().optional(),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;

export const siteInfoQuery = queryOptions({
  queryKey: ['site-info'],
  queryFn: async () => {
    const body = await request('/api/common/site-info', { withToken: false, quiet: true });
    return siteInfoSchema.parse(body.data);
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

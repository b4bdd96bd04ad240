import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { RequestError } from './request';

/**
 * A query client with the app's defaults: the browser's one below, and one per page the server
 * draws (entry-server.tsx). The request wrapper already toasts errors, so no retries on refusals.
 * `queries` overrides the default query options.
 */
export function createQueryClient(queries: DefaultOptions['queries'] = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => !(error instanceof RequestError && error.code !== 0) && failureCount < 1,
        ...queries,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * `meta` of a query the server must not run while it draws a page (one made for each visitor, such
 * as a captcha): the page is drawn with it loading and the browser fetches it.
 */
export const CLIENT_ONLY = { clientOnly: true };

/** The browser's query client. */
export const queryClient = createQueryClient();

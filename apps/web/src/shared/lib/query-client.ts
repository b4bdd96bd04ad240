import { QueryClient } from '@tanstack/react-query';
import { RequestError } from './request';

/** One query client for the app; the request wrapper already toasts errors, so no retries on refusals. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) => !(error instanceof RequestError && error.code !== 0) && failureCount < 1,
    },
    mutations: { retry: false },
  },
});

import { request } from '@/shared/lib/request';

/** Opens the project's sealed bids; the server writes the record once. */
export const openBids = (projectId: number) => request(`/api/openings/${projectId}/open`, { method: 'POST' });

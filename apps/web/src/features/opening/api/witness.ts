import { request } from '@/shared/lib/request';

/** The signed-in supervisor confirms presence at the project's opening. */
export const confirmPresence = (projectId: number) => request(`/api/openings/${projectId}/witness`, { method: 'POST' });

import { request } from '@/shared/lib/request';

/** Puts the chosen employees on the project's scoring panel (before any member submitted). */
export const assignPanel = (projectId: number, userIds: number[], idempotencyKey: string) =>
  request(`/api/scoring/${projectId}/panel`, {
    method: 'PUT',
    data: { userIds },
    headers: { 'Idempotency-Key': idempotencyKey },
  });

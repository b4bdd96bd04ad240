import { request } from '@/shared/lib/request';

/** Writes the ranking by total score: the project goes to its result and each bidder is told its place. */
export const finaliseRanking = (projectId: number, idempotencyKey: string) =>
  request(`/api/scoring/${projectId}/finalise`, {
    method: 'POST',
    headers: { 'Idempotency-Key': idempotencyKey },
  });

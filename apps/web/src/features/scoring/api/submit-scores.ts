import type { scoresBody } from '@lvb/contracts/scoring';
import type { z } from 'zod';
import { request } from '@/shared/lib/request';

export type ScoresBody = z.input<typeof scoresBody>;

/** The signed-in member's scores of every bid on every criterion: sent once, final. */
export const submitScores = (projectId: number, body: ScoresBody, idempotencyKey: string) =>
  request(`/api/scoring/${projectId}/scores`, {
    method: 'POST',
    data: body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

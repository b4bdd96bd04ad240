import { request } from '@/shared/lib/request';
import { RESULTS_URL } from './results-list';

/**
 * A step of a project's result (`POST /api/results/:id/…`). Each press sends a key of its own: the
 * server keeps the first answer under it, so a retry the network repeats is not a second step,
 * and the workflow refuses a step the project has already taken.
 */
export async function postResultStep<T>(projectId: number, path: string, data?: unknown): Promise<T> {
  const body = await request(`${RESULTS_URL}/${projectId}/${path}`, {
    method: 'POST',
    data,
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  return body.data as T;
}

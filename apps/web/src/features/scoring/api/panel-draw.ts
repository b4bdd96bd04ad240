import type { panelDraw } from '@lvb/contracts/experts';
import type { WireOf } from '@lvb/contracts/wire';
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/shared/lib/request';

export type PanelDraw = WireOf<typeof panelDraw>;

/** The project's panel draw: its commitment, who is eligible before it, the list, seed and order after it. */
export const panelDrawQuery = (projectId: number) =>
  queryOptions({
    queryKey: ['scoring', 'panel-draw', projectId],
    queryFn: async () => (await request(`/api/scoring/${projectId}/panel-draw`)).data as PanelDraw,
  });

/** Draws the panel from the expert pool, once and for good. */
export const drawPanel = (
  projectId: number,
  body: { experts: number; ownerReps: number[]; entropy: string },
  idempotencyKey: string,
) =>
  request(`/api/scoring/${projectId}/panel-draw`, {
    method: 'POST',
    data: body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

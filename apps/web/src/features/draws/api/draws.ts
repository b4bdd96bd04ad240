import type {
  drawDetail,
  drawnRow,
  drawPreview,
  drawRow,
  DrawScheduleBody,
  myPick,
  schedulableProject,
} from '@lvb/contracts/draws';
import type { WireOf } from '@lvb/contracts/wire';
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/shared/lib/request';

/** Pool draws: the staff's (`mandraw/draw`), the draw history (`marwsup/cbsselected`), the supplier's asks. */

export type DrawRow = WireOf<typeof drawRow>;
/** One draw with its published list, the picks in the drawn order and its timeline. */
export type DrawDetail = WireOf<typeof drawDetail>;
export type DrawPreview = WireOf<typeof drawPreview>;
export type SchedulableProject = WireOf<typeof schedulableProject>;
export type DrawnRow = WireOf<typeof drawnRow>;
export type MyPick = WireOf<typeof myPick>;
export type DrawPick = DrawDetail['picks'][number];

export const DRAWS_URL = '/api/draws';
export const PICKS_URL = '/api/draws/picks';
export const MY_PICKS_URL = '/api/supplier/draw-picks';

/** The draw's detail; under the list's prefix, so a step that refetches the list refetches it too. */
export const drawDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [DRAWS_URL, 'detail', id],
    queryFn: async ({ signal }) => (await request(`${DRAWS_URL}/${id}`, { signal })).data as DrawDetail,
  });

/** The pool-draw projects in the owner's scope without a live draw. */
export const schedulableQuery = () =>
  queryOptions({
    queryKey: [DRAWS_URL, 'schedulable'],
    queryFn: async ({ signal }) =>
      ((await request(`${DRAWS_URL}/schedulable`, { signal })).data ?? []) as SchedulableProject[],
  });

export type PreviewParams = Omit<DrawScheduleBody, 'reserves'>;

/** The members a schedule would freeze now, and how many were left out as drawn recently. */
export const drawPreviewQuery = (params: PreviewParams) =>
  queryOptions({
    queryKey: [DRAWS_URL, 'preview', params],
    queryFn: async ({ signal }) =>
      (
        await request(`${DRAWS_URL}/preview`, {
          signal,
          quiet: true,
          params: {
            projectId: params.projectId,
            typeId: params.typeId,
            subCategoryId: params.subCategoryId,
            placeId: params.placeId,
          },
        })
      ).data as DrawPreview,
    retry: false,
  });

const post = async <T>(path: string, idempotencyKey: string, data: unknown): Promise<T> =>
  (await request(path, { method: 'POST', data, headers: { 'Idempotency-Key': idempotencyKey } })).data as T;

/** The owner schedules the draw: the list is frozen and published with its hash and the commitment. */
export const scheduleDraw = (body: DrawScheduleBody, key: string) => post<DrawDetail>(DRAWS_URL, key, body);

/** The witness draws, with the entropy typed (possibly none). */
export const drawNow = (id: number, entropy: string, key: string) =>
  post<DrawDetail>(`${DRAWS_URL}/${id}/draw`, key, { entropy });

/** The owner cancels a scheduled draw, with the reason. */
export const cancelDraw = (id: number, reason: string, key: string) =>
  post<DrawDetail>(`${DRAWS_URL}/${id}/cancel`, key, { reason });

/** The supplier takes the project it was asked to. */
export const confirmPick = (id: number, key: string) => post<MyPick>(`${MY_PICKS_URL}/${id}/confirm`, key, {});

/** The supplier declines it, with the reason. */
export const declinePick = (id: number, reason: string, key: string) =>
  post<MyPick>(`${MY_PICKS_URL}/${id}/decline`, key, { reason });

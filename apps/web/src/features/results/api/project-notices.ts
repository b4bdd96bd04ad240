import type { PROJECT_NOTICE_TYPES, projectNoticeBody, projectNoticeRow } from '@lvb/contracts/results';
import type { WireOf } from '@lvb/contracts/wire';
import type { z } from 'zod';
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/shared/lib/request';

/** `mandraw/notice`: a project's corrections and announcements (`GET` paged, `GET /:id`, `POST`). */
export const PROJECT_NOTICES_URL = '/api/project-notices';

export type ProjectNoticeRow = WireOf<typeof projectNoticeRow>;
export type ProjectNotice = ProjectNoticeRow & { content: string };
export type ProjectNoticeType = (typeof PROJECT_NOTICE_TYPES)[number];
export type ProjectNoticeInput = z.input<typeof projectNoticeBody>;

/** One notice with its content (HTML the server cleaned when it was written). */
export const projectNoticeQuery = (id: number) =>
  queryOptions({
    queryKey: [PROJECT_NOTICES_URL, 'detail', id],
    queryFn: async () => (await request(`${PROJECT_NOTICES_URL}/${id}`)).data as ProjectNotice,
  });

/** Publishes a notice of the project at once (the public `/pub` page shows it); answers its id. */
export async function createProjectNotice(notice: ProjectNoticeInput, idempotencyKey: string): Promise<number> {
  const body = await request(PROJECT_NOTICES_URL, {
    method: 'POST',
    data: notice,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return (body.data as { id: number }).id;
}

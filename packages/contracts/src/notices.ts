import { z } from 'zod';

/** Response shapes of notices: the back office's list and detail, and the public announcements. */

export const noticeRow = z.object({
  id: z.number(),
  title: z.string(),
  noticeType: z.string(),
  audience: z.string(),
  status: z.string(),
  createdBy: z.number(),
  createdByName: z.string().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export const noticeDetail = noticeRow.extend({ content: z.string() });

/** An announcement as the public sees it (/pub, a project's notices). */
export const publicNoticeSummary = z.object({
  id: z.number(),
  title: z.string(),
  noticeType: z.string(),
  projectId: z.number().nullable(),
  createdAt: z.date(),
});
export const publicNotice = publicNoticeSummary.extend({ content: z.string() });

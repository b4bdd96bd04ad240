import { z } from 'zod';
import { DRAW_ENTROPY } from './draw.ts';
import { DRAW_STATUSES, PICK_STATUSES } from './draw-workflow.ts';
import { timelineEntry } from './project-rows.ts';

/**
 * Pool draws (DESIGN §7 model 1, "The draw, exactly"): the owner schedules one per pool-draw
 * project; the published list, its hash and the commitment; the witnessed draw; the contractors
 * asked in the drawn order. The seed is null in every answer until the draw.
 */

/** The owner's scheduling: which pool members are candidates, and how many reserves follow the first. */
export const drawScheduleBody = z.object({
  projectId: z.number().int().positive('choose the project'),
  typeId: z.number().int().positive('choose the project type'),
  subCategoryId: z.number().int().positive().nullable().default(null),
  placeId: z.number().int().positive('choose the region'),
  reserves: z.number().int().min(0, 'reserves: 0 to 20').max(20, 'reserves: 0 to 20'),
});
export type DrawScheduleBody = z.infer<typeof drawScheduleBody>;

/** The witness's entropy: digits typed at the draw (none is allowed). */
export const drawBody = z.object({
  entropy: z.string().trim().regex(DRAW_ENTROPY, 'entropy: up to 32 digits, nothing else').default(''),
});

/** One line of the published list (its position is the index the order refers to). */
export const drawCandidate = z.object({
  position: z.number(),
  memberId: z.number(),
  companyId: z.number(),
  creditCode: z.string(),
  companyName: z.string(),
});

export const drawPick = z.object({
  id: z.number(),
  /** Its place in the drawn order: 0 is asked first. */
  rank: z.number(),
  position: z.number(),
  companyId: z.number(),
  companyName: z.string(),
  status: z.enum(PICK_STATUSES),
  statusReason: z.string().nullable(),
  askedAt: z.date(),
  deadline: z.date(),
  answeredAt: z.date().nullable(),
});

export const drawRow = z.object({
  id: z.number(),
  projectId: z.number(),
  projectCode: z.string(),
  projectName: z.string(),
  ownerName: z.string(),
  drawAt: z.date(),
  typeId: z.number(),
  subCategoryId: z.number().nullable(),
  placeId: z.number(),
  reserves: z.number(),
  candidateCount: z.number(),
  listHash: z.string(),
  commitment: z.string(),
  status: z.enum(DRAW_STATUSES),
  statusReason: z.string().nullable(),
  /** Null until the draw. */
  seed: z.string().nullable(),
  entropy: z.string().nullable(),
  order: z.array(z.number()).nullable(),
  drawnAt: z.date().nullable(),
  witnessName: z.string().nullable(),
  /** The contractor engaged, once one confirmed. */
  engagedCompany: z.string().nullable(),
  createdAt: z.date(),
});

export const drawDetail = drawRow.extend({
  /** The published list, exactly as hashed. */
  listText: z.string(),
  candidates: z.array(drawCandidate),
  picks: z.array(drawPick),
  timeline: z.array(timelineEntry),
});

export const drawQuery = z.object({
  keyword: z.string().trim().max(100).optional(),
  status: z.enum(DRAW_STATUSES).optional(),
});

/** What the public reads of a draw on /extract: no people's names beyond the companies, no ids of staff. */
export const publicDraw = drawDetail.omit({ timeline: true, witnessName: true });
export const publicDrawRow = drawRow.omit({ witnessName: true });

/** The supplier's own asks (web/bidding1). */
export const myPick = drawPick.extend({
  drawId: z.number(),
  projectId: z.number(),
  projectCode: z.string(),
  projectName: z.string(),
  ownerName: z.string(),
  budgetFen: z.number(),
  /** Seconds from the platform's clock to the deadline when read (negative once past): the page counts down from it. */
  secondsLeft: z.number(),
});
export const declineBody = z.object({ reason: z.string().trim().min(2, 'give the reason').max(1000) });

/** A pool-draw project the owner may schedule a draw for, with its own type, category and place. */
export const schedulableProject = z.object({
  projectId: z.number(),
  projectCode: z.string(),
  projectName: z.string(),
  drawAt: z.date(),
  typeId: z.number(),
  subCategoryId: z.number().nullable(),
  placeId: z.number(),
});

/** The members a schedule would freeze now (before scheduling: the owner sees who is in). */
export const drawPreviewQuery = drawScheduleBody.omit({ reserves: true });
export const drawPreview = z.object({
  candidates: z.array(drawCandidate.omit({ position: true })),
  /** Left out as drawn within the business parameter's days. */
  excludedRecent: z.number(),
});

/** The draw history of pool members (marwsup/cbsselected): every contractor asked, by draw. */
export const drawnRow = drawPick.extend({
  drawId: z.number(),
  projectId: z.number(),
  projectCode: z.string(),
  projectName: z.string(),
  drawnAt: z.date().nullable(),
});
export const drawnQuery = z.object({ keyword: z.string().trim().max(100).optional() });

import { z } from 'zod';

/**
 * Best-value scoring (model 3, DESIGN §7), `mandraw/score`: after the opening the owner assigns a
 * panel, each member scores every valid bid on the project type's technical criteria, and the
 * owner finalises the ranking. Price score = weight × lowest valid price / bid price; technical
 * score = the criteria's member-averaged scores, summed and scaled to 100 − weight.
 */

/** One technical criterion of a project type, scored from 0 to `max`. */
export const scoreCriterion = z.object({
  name: z.string(),
  nameZh: z.string(),
  max: z.number().int().min(1).max(100),
});

export const panelBody = z.object({
  userIds: z
    .array(z.number().int().positive())
    .min(1, 'panel: at least one member')
    .max(20, 'panel: at most 20 members'),
});

/** A member's scores, all at once and final: one per bid and criterion (its index in the list). */
export const scoresBody = z.object({
  scores: z
    .array(
      z.object({
        bidId: z.number().int().positive(),
        criterion: z.number().int().min(0),
        score: z.number().min(0, 'score: may not be negative'),
      }),
    )
    .min(1, 'scores: score every bid on every criterion'),
});

export const panelMember = z.object({
  userId: z.number(),
  name: z.string(),
  submittedAt: z.date().nullable(),
});

/** A valid bid on the scoring page: its price is public since the opening. */
export const scoredBid = z.object({
  bidId: z.number(),
  applicationId: z.number(),
  companyName: z.string(),
  priceFen: z.number(),
  receiptHash: z.string(),
  priceScore: z.number(),
  /** Once every member submitted: the member-averaged score per criterion, the technical score and the total. */
  criteria: z.array(z.number()).nullable(),
  technicalScore: z.number().nullable(),
  total: z.number().nullable(),
  rank: z.number().nullable(),
  tied: z.boolean(),
});

export const memberScores = z.object({
  userId: z.number(),
  name: z.string(),
  scores: z.array(z.object({ bidId: z.number(), criterion: z.number(), score: z.number() })),
});

export const scoringDetail = z.object({
  projectId: z.number(),
  code: z.string(),
  name: z.string(),
  status: z.string(),
  priceWeight: z.number(),
  criteria: z.array(scoreCriterion),
  panel: z.array(panelMember),
  bids: z.array(scoredBid),
  /** The caller's own scores once submitted (members only). */
  myScores: memberScores.nullable(),
  /** Every member's scores, shown to the owner and the panel once all have submitted. */
  allScores: z.array(memberScores).nullable(),
  /** The valid bids' technical proposal files, readable since the opening by the owner and the panel. */
  proposals: z.array(z.object({ bidId: z.number(), fileName: z.string(), originalName: z.string(), size: z.number() })),
  tieSeed: z.string(),
  finalisedAt: z.date().nullable(),
  canAssign: z.boolean(),
  canScore: z.boolean(),
  canFinalise: z.boolean(),
});

/** The tabs of `mandraw/score`: projects being scored (or waiting for their opening), finalised. */
export const SCORING_TABS = ['scoring', 'finalised'] as const;
export const scoringQuery = z.object({
  tab: z.enum(SCORING_TABS).default('scoring'),
  keyword: z.string().trim().max(50).optional(),
});

/** A best-value project on `mandraw/score`, for its owner organisation and its panel. */
export const scoringRow = z.object({
  projectId: z.number(),
  code: z.string(),
  name: z.string(),
  ownerName: z.string(),
  status: z.string(),
  openingAt: z.date(),
  /** Null until the bids are opened: scoring starts after the opening. */
  openedAt: z.date().nullable(),
  panelSize: z.number(),
  submitted: z.number(),
  /** The caller sits on the panel, and whether it has submitted. */
  member: z.boolean(),
  mySubmitted: z.boolean(),
  finalisedAt: z.date().nullable(),
});

/** An employee the owner may put on a panel: active, and allowed to score. */
export const panelCandidate = z.object({
  userId: z.number(),
  name: z.string(),
  loginUid: z.string(),
  deptName: z.string().nullable(),
});

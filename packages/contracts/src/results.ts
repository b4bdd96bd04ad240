import { z } from 'zod';
import { OBJECTION_STATUSES } from './objection-workflow.ts';

/** A reason as a person types it (the same bounds as a project's). */
const reason = z.string().trim().min(2, 'give the reason').max(1000);

/** One line of the ranking in the canonical result: in rank order. */
export const resultRankLine = z.object({
  rank: z.number(),
  applicationId: z.number(),
  companyName: z.string(),
  priceFen: z.number(),
  /** The best-value total (model 3); null for a price competition. */
  total: z.number().nullable(),
  /** The application's status now (won, lost, declined, confirmed…). */
  status: z.string(),
});

/** The owner's signed confirmation of a result: who, when, the hash and the text hashed. */
export const resultConfirmation = z.object({
  id: z.number(),
  projectId: z.number(),
  winnerApplicationId: z.number(),
  amountFen: z.number(),
  confirmedBy: z.string(),
  /** The business clock's time of the signature, ISO 8601 UTC. */
  confirmedAt: z.string(),
  /** Lowercase hex SHA-256 of `canonical` (UTF-8). */
  hash: z.string(),
  /** The canonical result as hashed, so anyone can recompute the hash. */
  canonical: z.string(),
  /** How the canonical text is made, in words. */
  rule: z.string(),
});

export const objectionRow = z.object({
  id: z.number(),
  projectId: z.number(),
  applicationId: z.number(),
  companyId: z.number(),
  companyName: z.string(),
  status: z.enum(OBJECTION_STATUSES),
  reason: z.string(),
  files: z.array(z.string()),
  answer: z.string().nullable(),
  decisionReason: z.string().nullable(),
  createdAt: z.date(),
});

/** The result of a project as its pages show it. */
export const projectResult = z.object({
  projectId: z.number(),
  status: z.string(),
  /** The proposed (or awarded) winner: the application in `won` or `confirmed`. */
  winnerApplicationId: z.number().nullable(),
  amountFen: z.number().nullable(),
  publicityEndsAt: z.date().nullable(),
  ranking: z.array(resultRankLine),
  confirmation: resultConfirmation.nullable(),
  objections: z.array(objectionRow),
});

export const resultReasonBody = z.object({ reason });
export const objectionBody = z.object({
  reason,
  /** Stored names of files the caller uploaded through /common/upload (up to 10). */
  files: z.array(z.string().min(1).max(200)).max(10).default([]),
});
export const objectionAnswerBody = z.object({ answer: z.string().trim().min(2, 'give the answer').max(2000) });
/** The auditor's decision on an objection: with a reason; upheld, where the result goes. */
export const objectionDecisionBody = z.object({
  decision: z.enum(['uphold', 'dismiss']),
  reason,
  /** Upheld: pass the result to the next valid bidder in rank, or fail the project. */
  choice: z.enum(['next', 'fail']).optional(),
});
/** The owner's choice after the winner declined the award. */
export const declinedChoiceBody = z.object({ choice: z.enum(['next', 'fail']), reason });

export const resultStep = z.object({ projectId: z.number(), status: z.string() });
export const objectionStep = z.object({ id: z.number(), status: z.enum(OBJECTION_STATUSES) });

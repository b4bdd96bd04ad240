import { z } from 'zod';
import { awardNoticeRecord, feeRecord } from './completion.ts';
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
  /** The names the uploaders gave the objections' files (stored name → original name). */
  fileNames: z.record(z.string(), z.string()),
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

/** The statuses a project's result lives in (the result pages' status filter). */
export const RESULT_STATUSES = [
  'result_pending',
  'result_audit',
  'publicity',
  'awarded',
  'contracted',
  'accepted',
  'completed',
  'failed',
] as const;

/** The result pages' lists (`bidmanager/bidres`, `mandraw/confirmsign`, `mandraw/audit`, `mandraw/result`…). */
export const resultQuery = z.object({
  keyword: z.string().trim().max(100).optional(),
  status: z.enum(RESULT_STATUSES).optional(),
  model: z.coerce.number().int().min(1).max(3).optional(),
});
export const resultRow = z.object({
  projectId: z.number(),
  code: z.string(),
  name: z.string(),
  ownerName: z.string(),
  model: z.number(),
  status: z.string(),
  budgetFen: z.number(),
  winnerApplicationId: z.number().nullable(),
  winnerName: z.string().nullable(),
  amountFen: z.number().nullable(),
  publicityEndsAt: z.date().nullable(),
  /** Objections not yet decided (they hold publicity). */
  openObjections: z.number(),
  /** The current signed confirmation's time and hash. */
  confirmedAt: z.date().nullable(),
  hash: z.string().nullable(),
});

/** What `/resultpub` lists: results in publicity, awarded results, failed projects. */
export const PUBLIC_RESULT_KINDS = ['publicity', 'awarded', 'failed'] as const;
export const publicResultQuery = z.object({
  kind: z.enum(PUBLIC_RESULT_KINDS).default('publicity'),
  keyword: z.string().trim().max(100).optional(),
});
export const publicRankLine = z.object({
  rank: z.number(),
  companyName: z.string(),
  priceFen: z.number(),
  total: z.number().nullable(),
});
export const publicResultRow = z.object({
  projectId: z.number(),
  code: z.string(),
  name: z.string(),
  ownerName: z.string(),
  model: z.number(),
  status: z.string(),
  winnerName: z.string().nullable(),
  amountFen: z.number().nullable(),
  publicityEndsAt: z.date().nullable(),
  /** In publicity: none, open (one or more undecided), decided (all decided). */
  objections: z.enum(['none', 'open', 'decided']),
  /** A failed project's reason, in the reader's language. */
  failedReason: z.string().nullable(),
  /** When the result reached its current stage (publicity start, award, failure). */
  since: z.date().nullable(),
});
/** A project's result as the public sees it (`/resultpub`, the project page). */
export const publicResult = publicResultRow.extend({
  ranking: z.array(publicRankLine),
  /** SHA-256 of the owner's signed canonical result. */
  hash: z.string().nullable(),
});

/** A supplier's view of a project's result: its application, its objection, its award and fee. */
export const supplierResult = z.object({
  result: publicResult.nullable(),
  applicationId: z.number(),
  applicationStatus: z.string(),
  /** The company's objection, with the owner's answer and the auditor's decision. */
  objection: objectionRow.nullable(),
  canObject: z.boolean(),
  /** The company is the awarded winner and has not answered yet. */
  canAnswerAward: z.boolean(),
  /** The winner's service fee (its voucher, finance's decision) and award notice, once there. */
  fee: feeRecord.nullable(),
  awardNotice: awardNoticeRecord.nullable(),
  /** The names the uploaders gave its objection's files and voucher (stored name → original name). */
  fileNames: z.record(z.string(), z.string()),
});

/** `mandraw/notice`: a project's corrections and notices, published to /pub. */
export const PROJECT_NOTICE_TYPES = ['correction', 'announcement'] as const;
export const projectNoticeBody = z.object({
  projectId: z.number().int().positive('choose the project'),
  noticeType: z.enum(PROJECT_NOTICE_TYPES),
  title: z.string().trim().min(1, 'title is required').max(200),
  content: z.string().min(1, 'content: write the notice').max(200_000, 'the content is too long'),
});
export const projectNoticeQuery = z.object({
  projectId: z.coerce.number().int().positive().optional(),
  keyword: z.string().trim().max(100).optional(),
});
export const projectNoticeRow = z.object({
  id: z.number(),
  projectId: z.number(),
  projectCode: z.string(),
  projectName: z.string(),
  noticeType: z.string(),
  title: z.string(),
  createdByName: z.string().nullable(),
  createdAt: z.date(),
});

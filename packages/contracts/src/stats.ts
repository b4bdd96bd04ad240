import { z } from 'zod';
import { recordIdParam } from './ids.ts';
import { PROJECT_STATUSES } from './project-workflow.ts';

/**
 * Queries and statistics (spec `/seach`: `seach/bidsc` project progress, `seach/bidhistory` bid
 * records) and the home page of each role (`/adminindex`). Every figure is read from the database
 * in the caller's data scope: an owner's figures are its organisation's projects only. Times are
 * `Date` as the database answers them; the web reads them as text through `WireOf`.
 */

/**
 * The steps a project waits for, each due at a moment its own dates and its type's process
 * settings give:
 * - `close_signup`: sign-up closes at the bid deadline (models 2 and 3);
 * - `evaluation`: the opening or draw at its time (`openingAt`);
 * - `result`: the result submitted for audit within the bid window days after the opening;
 * - `publicity_end`: the award after the publicity days (`publicityEndsAt`).
 * A step is overdue when its moment has passed by the platform's clock and the project still
 * waits for it.
 */
export const PROGRESS_STEPS = ['close_signup', 'evaluation', 'result', 'publicity_end'] as const;
export type ProgressStep = (typeof PROGRESS_STEPS)[number];

/** `GET /api/stats/progress` (and `/export`, `/summary`): the filters of seach/bidsc. */
export const progressQuery = z.object({
  keyword: z.string().trim().max(100).optional(),
  typeId: recordIdParam.optional(),
  placeId: recordIdParam.optional(),
  model: z.coerce.number().int().min(1).max(3).optional(),
  status: z.enum(PROJECT_STATUSES).optional(),
  ownerDeptId: recordIdParam.optional(),
  /** Created on or after / on or before these days (the platform's time zone). */
  beginTime: z.iso.date().optional(),
  endTime: z.iso.date().optional(),
  /** '1': only projects with an overdue step. */
  overdue: z.enum(['0', '1']).optional(),
});
export type ProgressQuery = z.infer<typeof progressQuery>;

/** One project's progress: its stage, since when, what it waits for and whether that is late. */
export const progressRow = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  ownerDeptId: z.number(),
  ownerName: z.string(),
  typeId: z.number(),
  typeName: z.string(),
  typeNameZh: z.string(),
  placeId: z.number(),
  placeName: z.string(),
  placeNameZh: z.string(),
  model: z.number(),
  budget: z.number(),
  status: z.enum(PROJECT_STATUSES),
  /** When the project entered its present status (its last transition; its creation for a draft). */
  stageSince: z.date(),
  /** Whole days since `stageSince` by the platform's clock. */
  daysInStage: z.number(),
  /** The step the project waits for now and when it is due; null when none (draft, finished). */
  nextStep: z.enum(PROGRESS_STEPS).nullable(),
  nextDueAt: z.date().nullable(),
  /** Whole days past `nextDueAt`; 0 when not overdue. */
  overdueDays: z.number(),
  createdAt: z.date(),
  publishedAt: z.date().nullable(),
});
export type ProgressRow = z.infer<typeof progressRow>;

/** `GET /api/stats/progress/summary`: the filtered projects counted by status, and the overdue ones. */
export const progressSummary = z.object({
  total: z.number(),
  overdue: z.number(),
  byStatus: z.array(z.object({ status: z.enum(PROJECT_STATUSES), count: z.number() })),
});
export type ProgressSummary = z.infer<typeof progressSummary>;

/** `GET /api/stats/bids` (and `/export`): the filters of seach/bidhistory. */
export const bidRecordQuery = z.object({
  /** Project code or name, or the bidder's name. */
  keyword: z.string().trim().max(100).optional(),
  projectId: recordIdParam.optional(),
  model: z.coerce.number().int().min(2).max(3).optional(),
  /** Submitted on or after / on or before these days (the platform's time zone). */
  beginTime: z.iso.date().optional(),
  endTime: z.iso.date().optional(),
  /** '1' opened projects only, '0' not yet opened. */
  opened: z.enum(['0', '1']).optional(),
});
export type BidRecordQuery = z.infer<typeof bidRecordQuery>;

/**
 * One sealed bid as submitted. Its price is null until the project's opening, and stays null for
 * a bid its company replaced (only the last bid of each company is opened).
 */
export const bidRecordRow = z.object({
  id: z.number(),
  projectId: z.number(),
  projectCode: z.string(),
  projectName: z.string(),
  model: z.number(),
  companyId: z.number(),
  companyName: z.string(),
  submittedAt: z.date(),
  /** A later bid of the same company replaced this one. */
  replaced: z.boolean(),
  /** When the project's bids were opened; null before. */
  openedAt: z.date().nullable(),
  /** Fen; null before the opening and for a replaced bid. */
  price: z.number().nullable(),
  /** Its place in the opening record (1 the lowest price); null when it has no price. */
  rank: z.number().nullable(),
});
export type BidRecordRow = z.infer<typeof bidRecordRow>;

/**
 * What waits for the caller, each a count and the page that handles it; only the kinds the
 * caller's permissions can act on are present.
 */
export const WAITING_KINDS = [
  'project_audits',
  'result_audits',
  'applications_to_check',
  'openings_today',
  'draws_today',
  'objections_open',
  'vouchers_to_confirm',
  'orders_to_underwrite',
  'claims_open',
  'account_requests',
] as const;
export type WaitingKind = (typeof WAITING_KINDS)[number];

export const waitingItem = z.object({
  kind: z.enum(WAITING_KINDS),
  count: z.number(),
  /** The web path of the page that handles it (a menu view's path). */
  path: z.string(),
});

const named = { name: z.string(), nameZh: z.string() };
const month = z.string().regex(/^\d{4}-\d{2}$/);

/**
 * `GET /api/stats/dashboard`: the admin home of an employee. `projects` and `awards` are the
 * projects in the caller's scope; `guarantees` is present for those who may see guarantee orders.
 */
export const dashboard = z.object({
  waiting: z.array(waitingItem),
  projects: z.object({
    byStatus: z.array(z.object({ status: z.enum(PROJECT_STATUSES), count: z.number() })),
    byType: z.array(z.object({ typeId: z.number(), ...named, count: z.number() })),
    byPlace: z.array(z.object({ placeId: z.number(), ...named, count: z.number() })),
    /** The last twelve months (the platform's time zone), oldest first: published and awarded. */
    byMonth: z.array(z.object({ month, published: z.number(), awarded: z.number() })),
  }),
  /** Awarded projects: their budgets and awarded prices (fen), and the savings (budget − price). */
  awards: z.object({
    count: z.number(),
    budget: z.number(),
    awarded: z.number(),
    savings: z.number(),
    byMonth: z.array(z.object({ month, budget: z.number(), awarded: z.number() })),
  }),
  guarantees: z
    .object({
      /** Premiums (fen) of the letters issued each month, the last twelve months, oldest first. */
      premiumsByMonth: z.array(z.object({ month, premium: z.number(), letters: z.number() })),
      lettersByKind: z.array(z.object({ kind: z.string(), count: z.number() })),
    })
    .nullable(),
});
export type Dashboard = z.infer<typeof dashboard>;

/** `GET /api/stats/supplier-home`: a supplier's own applications, bids, results, orders and notices. */
export const supplierHome = z.object({
  applications: z.object({
    total: z.number(),
    byStatus: z.array(z.object({ status: z.string(), count: z.number() })),
  }),
  /** Projects it has a live sealed bid in, not yet opened; bids submitted in all. */
  bids: z.object({ sealed: z.number(), submitted: z.number() }),
  /** Projects it won (awarded to it) and projects whose result it took part in without winning. */
  results: z.object({ won: z.number(), notWon: z.number() }),
  orders: z.object({
    total: z.number(),
    byStatus: z.array(z.object({ status: z.string(), count: z.number() })),
  }),
  /** Notices addressed to suppliers or to it that it has not opened yet. */
  unreadNotices: z.number(),
  /** Its next deadlines: projects it applied to whose bid deadline or opening is still ahead. */
  upcoming: z.array(
    z.object({
      projectId: z.number(),
      projectCode: z.string(),
      projectName: z.string(),
      model: z.number(),
      bidDeadline: z.date(),
      openingAt: z.date(),
    }),
  ),
});
export type SupplierHome = z.infer<typeof supplierHome>;

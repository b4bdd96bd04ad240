import { z } from 'zod';
import { attachedDocument } from './files.ts';
import { publicNoticeSummary } from './notices.ts';
import { PROJECT_ACTION_KEYS } from './project-workflow.ts';

/**
 * Response shapes of projects: the back office's rows and detail (item/project, item/nocheck,
 * manager/itemaudit, item/cxitem) and the public side's hall rows and detail (/hall, /iteminfo,
 * a supplier's follows). Timestamps are `Date` as the database answers them; the web reads them
 * as text through `WireOf`.
 */

export const projectRow = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  ownerDeptId: z.number(),
  ownerName: z.string(),
  typeId: z.number(),
  typeName: z.string(),
  typeNameZh: z.string(),
  subCategoryId: z.number().nullable(),
  placeId: z.number(),
  placeName: z.string(),
  placeNameZh: z.string(),
  budget: z.number(),
  model: z.number(),
  minParticipants: z.number(),
  guaranteeRequired: z.boolean(),
  guaranteeAmount: z.number(),
  signupStart: z.date(),
  bidDeadline: z.date(),
  openingAt: z.date(),
  publicityDays: z.number(),
  status: z.string(),
  statusReason: z.string().nullable(),
  reissuedFrom: z.number().nullable(),
  publishedAt: z.date().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});

/** One entry of a record's audit trail, oldest first. */
export const timelineEntry = z.object({
  id: z.number(),
  action: z.string(),
  actorName: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.date(),
});

/** What a project's content adds to its row; staff and the public both read it. */
const projectContent = {
  qualification: z.string(),
  description: z.string(),
  contactName: z.string(),
  contactTel: z.string(),
  documents: z.array(attachedDocument),
};

export const projectDetail = projectRow.extend({
  ...projectContent,
  createdBy: z.number(),
  timeline: z.array(timelineEntry),
  /** What the caller may do to it now (project-workflow.ts, `projectActionsAllowed`). */
  actions: z.array(z.enum(PROJECT_ACTION_KEYS)),
});

/** An owner organisation of the projects one may see (the query's owner filter). */
export const projectOwner = z.object({ id: z.number(), name: z.string() });
export const projectCreated = z.object({ id: z.number(), code: z.string() });
export const projectTransitioned = z.object({ id: z.number(), status: z.string() });

/**
 * Where a published project's sign-up stands by the database clock (never the browser's): the
 * web offers to apply only while it is `open`.
 */
export const SIGNUP_STATES = ['not_started', 'open', 'closed'] as const;
export type SignupState = (typeof SIGNUP_STATES)[number];

/** A published project as the hall lists it. */
export const hallRow = projectRow
  .pick({
    id: true,
    code: true,
    name: true,
    ownerName: true,
    typeId: true,
    typeName: true,
    typeNameZh: true,
    placeId: true,
    placeName: true,
    placeNameZh: true,
    budget: true,
    model: true,
    guaranteeRequired: true,
    guaranteeAmount: true,
    signupStart: true,
    bidDeadline: true,
    openingAt: true,
    status: true,
    publishedAt: true,
  })
  .extend({ signup: z.enum(SIGNUP_STATES) });

/** A published project for anyone, with its documents and notices. */
export const hallProjectDetail = hallRow.extend({
  ...projectContent,
  minParticipants: z.number(),
  statusReason: z.string().nullable(),
  notices: z.array(publicNoticeSummary),
});

/** A project a supplier follows. */
export const followedProject = hallRow.extend({ followedAt: z.date() });

/**
 * The rules a project of one type and selection model must meet, as the project form shows them
 * before saving (`GET /api/projects/rules?typeId=&model=`): the same values the server checks.
 */
export const projectRules = z.object({
  /** The value limit of the type in fen; null when no limit is set. */
  valueLimitFen: z.number().nullable(),
  /** Sign-up must stay open at least this many days (process settings); null when none is set. */
  signupDays: z.number().nullable(),
  /** Minimum participants of models 2 and 3 (business parameter `bid.minParticipants`). */
  minParticipants: z.number(),
  /** The bid guarantee may be at most this percentage of the budget. */
  guaranteeMaxPercent: z.number(),
});

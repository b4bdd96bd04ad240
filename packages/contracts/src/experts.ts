import { z } from 'zod';
import { DRAW_ENTROPY } from './draw.ts';
import { chosenId, recordId } from './ids.ts';
import { Perm } from './permissions.ts';
import { timelineEntry } from './project-rows.ts';
import { defineWorkflow } from './workflow.ts';

/**
 * The expert pool and the panels drawn from it (issue "model 1", DESIGN §7 model 3): evaluation
 * experts are employee accounts allowed to score, either the platform's own employees or outside
 * experts given an account, each kept for a specialty (a project type) in a region between two
 * platform dates. A best-value project's panel is drawn from the active experts of its type and
 * region by DESIGN's draw, with a seed committed in the project's announcement; experts tied to a
 * bidder (their employer's unified credit code) or to the owner (their account's organisation) are
 * left out, and the owner may seat its own representatives, at most a third of the panel.
 */

export const EXPERT_KINDS = ['employee', 'outside'] as const;
export type ExpertKind = (typeof EXPERT_KINDS)[number];

export const EXPERT_STATUSES = ['active', 'suspended'] as const;
export type ExpertStatus = (typeof EXPERT_STATUSES)[number];

const day = (message: string) => z.iso.date({ message });

/** A unified social credit code: 18 characters of digits and capitals (without I, O, S, V, Z). */
const CREDIT_CODE = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

export const expertBody = z
  .object({
    userId: chosenId('choose the account'),
    kind: z.enum(EXPERT_KINDS, { message: 'kind: employee or outside expert' }),
    /** The specialty: the project type whose panels the expert sits on. */
    typeId: chosenId('choose the specialty'),
    placeId: chosenId('choose the region'),
    /** Who employs the expert; an outside expert's employer is required. */
    employer: z.string().trim().max(200, 'employer: at most 200 characters').default(''),
    /** The employer's unified credit code: a bidder with this code leaves the expert out of its panel. */
    employerCreditCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(CREDIT_CODE, 'employer credit code: 18 characters, such as 91330100MA27XK0A1B')
      .nullable()
      .default(null),
    validFrom: day('valid from: a date such as 2026-12-01'),
    validTo: day('valid to: a date such as 2027-12-01'),
    remark: z.string().trim().max(500, 'remark: at most 500 characters').default(''),
  })
  .refine((e) => e.validTo >= e.validFrom, { path: ['validTo'], message: 'valid to: on or after valid from' })
  .refine((e) => e.kind === 'employee' || e.employer.length >= 2, {
    path: ['employer'],
    message: "employer: an outside expert's employer, at least 2 characters",
  });
export type ExpertBody = z.infer<typeof expertBody>;

export const expertQuery = z.object({
  /** In the expert's name, account or employer. */
  keyword: z.string().trim().max(100).optional(),
  typeId: z.coerce.number().int().positive().optional(),
  placeId: z.coerce.number().int().positive().optional(),
  kind: z.enum(EXPERT_KINDS).optional(),
  status: z.enum(EXPERT_STATUSES).optional(),
  /** Experts valid on this day. */
  validOn: z.iso.date().optional(),
});
export type ExpertQuery = z.infer<typeof expertQuery>;

export const expertRow = z.object({
  id: z.number(),
  userId: z.number(),
  name: z.string(),
  loginUid: z.string(),
  deptName: z.string().nullable(),
  kind: z.enum(EXPERT_KINDS),
  typeId: z.number(),
  typeName: z.string(),
  typeNameZh: z.string(),
  placeId: z.number(),
  placeName: z.string(),
  placeNameZh: z.string(),
  employer: z.string(),
  employerCreditCode: z.string().nullable(),
  validFrom: z.string(),
  validTo: z.string(),
  remark: z.string(),
  status: z.enum(EXPERT_STATUSES),
  statusReason: z.string().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type ExpertRow = z.infer<typeof expertRow>;

export const expertDetail = expertRow.extend({
  timeline: z.array(timelineEntry),
  actions: z.array(z.enum(['suspend', 'reinstate'])),
});

/** An account that may be kept as an expert: an active employee allowed to score. */
export const expertAccount = z.object({
  userId: z.number(),
  name: z.string(),
  loginUid: z.string(),
  deptName: z.string().nullable(),
});

/** The owner draws the panel: how many experts, its own representatives, the entropy it types. */
export const panelDrawBody = z
  .object({
    experts: z
      .number({ message: 'experts: how many to draw, 1 to 15' })
      .int('experts: how many to draw, 1 to 15')
      .min(1, 'experts: how many to draw, 1 to 15')
      .max(15, 'experts: how many to draw, 1 to 15'),
    ownerReps: z.array(recordId).max(7, 'owner representatives: at most 7').default([]),
    entropy: z.string().regex(DRAW_ENTROPY, 'entropy: up to 32 digits').default(''),
  })
  .refine((b) => new Set(b.ownerReps).size === b.ownerReps.length, {
    path: ['ownerReps'],
    message: 'owner representatives: each at most once',
  })
  .refine((b) => b.ownerReps.length * 3 <= b.experts + b.ownerReps.length, {
    path: ['ownerReps'],
    message: 'owner representatives: at most a third of the panel',
  });
export type PanelDrawBody = z.infer<typeof panelDrawBody>;

/** One line of a panel draw's list: the expert, the account it scores with, its employer. */
export const panelCandidateLine = z.object({
  expertId: z.number(),
  userId: z.number(),
  loginUid: z.string(),
  name: z.string(),
  employer: z.string(),
});
export type PanelCandidateLine = z.infer<typeof panelCandidateLine>;

/** Why an expert of the type and region was left out of the list. */
export const PANEL_EXCLUSIONS = ['owner', 'bidder', 'representative'] as const;

/**
 * A project's panel draw. Before it: the commitment published with the announcement and how many
 * experts the list would hold now. After it: the list, its hash, the seed, entropy, order and the
 * seated panel (the first `experts` of the order, then the owner's representatives).
 */
export const panelDraw = z.object({
  projectId: z.number(),
  commitment: z.string().nullable(),
  drawn: z.boolean(),
  /** Before the draw, for the owner: experts eligible now, and how many were left out and why. */
  eligible: z.number().nullable(),
  excluded: z.array(z.object({ reason: z.enum(PANEL_EXCLUSIONS), count: z.number() })),
  experts: z.number().nullable(),
  candidates: z.array(panelCandidateLine),
  listText: z.string().nullable(),
  listHash: z.string().nullable(),
  seed: z.string().nullable(),
  entropy: z.string().nullable(),
  order: z.array(z.number()).nullable(),
  ownerReps: z.array(z.object({ userId: z.number(), name: z.string() })),
  /** Before the draw, for the owner: its organisation's staff who may score, to seat as representatives. */
  representatives: z.array(expertAccount),
  drawnByName: z.string().nullable(),
  drawnAt: z.date().nullable(),
});
export type PanelDraw = z.infer<typeof panelDraw>;

/** An expert's place in the pool: active experts are drawn; pool staff suspend one with a reason. */
export const expertWorkflow = defineWorkflow({
  subject: 'expert',
  statuses: EXPERT_STATUSES,
  events: [
    { event: 'suspend', from: ['active'], to: 'suspended', permissions: [Perm.pool.expert.edit], reason: true },
    { event: 'reinstate', from: ['suspended'], to: 'active', permissions: [Perm.pool.expert.edit] },
  ],
});
export type ExpertEvent = (typeof expertWorkflow.events)[number]['event'];

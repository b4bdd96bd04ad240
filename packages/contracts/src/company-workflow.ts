import { z } from 'zod';
import { Perm } from './permissions.ts';
import { timelineEntry } from './project-rows.ts';
import { defineWorkflow } from './workflow.ts';

/**
 * A supplier company's standing on the platform, as the companies table and the `company_status`
 * dictionary keep it: 0 active, 1 disabled, 2 blacklisted. Only an active company's accounts
 * sign in and take part.
 */
export const COMPANY_STATUS = { active: '0', disabled: '1', blacklisted: '2' } as const;
export const COMPANY_STATUSES = [COMPANY_STATUS.active, COMPANY_STATUS.disabled, COMPANY_STATUS.blacklisted] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

const { active, disabled, blacklisted } = COMPANY_STATUS;

/** The company machine of manager/user (docs/workflows.md has its diagram). */
export const companyWorkflow = defineWorkflow({
  subject: 'company',
  statuses: COMPANY_STATUSES,
  events: [
    { event: 'enable', from: [disabled], to: active, permissions: [Perm.manager.user.edit] },
    { event: 'disable', from: [active], to: disabled, permissions: [Perm.manager.user.edit], reason: true },
    {
      event: 'blacklist',
      from: [active, disabled],
      to: blacklisted,
      permissions: [Perm.manager.user.blacklist],
      reason: true,
    },
    { event: 'lift_blacklist', from: [blacklisted], to: active, permissions: [Perm.manager.user.blacklist] },
  ],
});
export type CompanyEvent = (typeof companyWorkflow.events)[number]['event'];

/**
 * PUT /api/manager/suppliers/{id}/status: `status` 0 enables (event `enable`), 1 disables (event
 * `disable`, which requires the reason).
 */
export const companyStatusBody = z.object({
  status: z.enum([active, disabled]),
  reason: z.string().trim().min(2, 'give the reason').max(500).optional(),
});

/** What a supplier company's detail adds about its standing: the reason, and every move of it. */
export const companyStanding = z.object({
  /** Why the company is disabled or blacklisted (null while active). */
  statusReason: z.string().nullable(),
  timeline: z.array(timelineEntry),
});

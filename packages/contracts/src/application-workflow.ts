import { Perm } from './permissions.ts';
import { defineWorkflow } from './workflow.ts';

/** A supplier's participation in a project (DESIGN §7, "Application"). */
export const APPLICATION_STATUSES = [
  'pending_check',
  'qualified',
  'rejected',
  'withdrawn',
  'won',
  'lost',
  'confirmed',
  'declined',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** Statuses in which an application counts as the company's one live application to a project. */
export const LIVE_APPLICATION_STATUSES = [
  'pending_check',
  'qualified',
  'won',
  'lost',
  'confirmed',
  'declined',
] as const satisfies readonly ApplicationStatus[];

/** The application machine (docs/workflows.md has its diagram). */
export const applicationWorkflow = defineWorkflow({
  subject: 'application',
  statuses: APPLICATION_STATUSES,
  events: [
    // The owner or an auditor checks the qualification documents.
    { event: 'qualify', from: ['pending_check'], to: 'qualified', permissions: [Perm.bid.check.approve] },
    { event: 'reject', from: ['pending_check'], to: 'rejected', permissions: [Perm.bid.check.reject], reason: true },
    // The supplier withdraws before the bid deadline (the service checks the database clock).
    {
      event: 'withdraw',
      from: ['pending_check', 'qualified'],
      to: 'withdrawn',
      permissions: [Perm.web.project.withdraw],
    },
    // The ranking after the opening or scoring decides.
    { event: 'win', from: ['qualified'], to: 'won', permissions: [], system: true },
    { event: 'lose', from: ['qualified'], to: 'lost', permissions: [], system: true },
    // The result passes to the next valid bidder in rank (an upheld objection, a declined award):
    // the voided winner loses, the next in rank wins.
    { event: 'unseat', from: ['won'], to: 'lost', permissions: [], system: true },
    { event: 'promote', from: ['lost'], to: 'won', permissions: [], system: true },
    // The winner confirms or declines the award (a later issue builds its page).
    { event: 'confirm', from: ['won'], to: 'confirmed', permissions: [Perm.web.project.list] },
    { event: 'decline', from: ['won'], to: 'declined', permissions: [Perm.web.project.list], reason: true },
  ],
});
export type ApplicationEvent = (typeof applicationWorkflow.events)[number]['event'];

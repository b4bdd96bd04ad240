import { hasAnyPermission, type PermissionHolder } from './access.ts';
import { Perm, type Permission } from './permissions.ts';
import { defineWorkflow, eventsAllowed } from './workflow.ts';

/** The project statuses of DESIGN §7, in the order a project lives them. */
export const PROJECT_STATUSES = [
  'draft',
  'pending_audit',
  'rejected',
  'published',
  'signup_closed',
  'evaluating',
  'result_pending',
  'result_audit',
  'publicity',
  'awarded',
  'contracted',
  'accepted',
  'completed',
  'failed',
  'cancelled',
] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** Statuses before the award, from which a project can still be cancelled. */
const BEFORE_AWARD = [
  'draft',
  'pending_audit',
  'rejected',
  'published',
  'signup_closed',
  'evaluating',
  'result_pending',
  'result_audit',
  'publicity',
] as const satisfies readonly ProjectStatus[];

const AUDIT = [Perm.project.item.audit, Perm.audit.project.approve] as const;

/** The project machine (docs/workflows.md has its diagram). */
export const projectWorkflow = defineWorkflow({
  subject: 'project',
  statuses: PROJECT_STATUSES,
  events: [
    { event: 'submit', from: ['draft'], to: 'pending_audit', permissions: [Perm.project.item.submit] },
    { event: 'approve', from: ['pending_audit'], to: 'published', permissions: AUDIT },
    {
      event: 'reject',
      from: ['pending_audit'],
      to: 'rejected',
      permissions: [Perm.project.item.audit, Perm.audit.project.reject],
      reason: true,
    },
    { event: 'revise', from: ['rejected'], to: 'draft', permissions: [Perm.project.item.edit] },
    // Sealed bidding and sign-up close at the bid deadline; the opening starts the evaluation.
    { event: 'close_signup', from: ['published'], to: 'signup_closed', permissions: [], system: true },
    { event: 'start_evaluation', from: ['signup_closed'], to: 'evaluating', permissions: [], system: true },
    // A pool-draw project takes no applications: it waits published until its draw.
    { event: 'start_draw', from: ['published'], to: 'evaluating', permissions: [], system: true },
    // The opening ranks the sealed bids (enough valid ones): the result waits for the owner.
    { event: 'rank', from: ['evaluating'], to: 'result_pending', permissions: [], system: true },
    {
      event: 'fail',
      from: ['published', 'signup_closed', 'evaluating'],
      to: 'failed',
      permissions: [Perm.project.item.cancel],
      system: true,
      reason: true,
    },
    { event: 'cancel', from: BEFORE_AWARD, to: 'cancelled', permissions: [Perm.project.item.cancel], reason: true },
    // The result (DESIGN §7 "Result"; calls under /api/results, docs/workflows.md "Result").
    // The owner confirms the proposed winner and signs.
    {
      event: 'confirm_result',
      from: ['result_pending'],
      to: 'result_audit',
      permissions: [Perm.selection.confirm.sign],
    },
    // The auditor approves: publicity for the project's publicity days; or returns it with a reason.
    { event: 'approve_result', from: ['result_audit'], to: 'publicity', permissions: [Perm.audit.result.approve] },
    {
      event: 'return_result',
      from: ['result_audit'],
      to: 'result_pending',
      permissions: [Perm.audit.result.reject],
      reason: true,
    },
    // Publicity over by the database clock with no objection open.
    { event: 'award', from: ['publicity'], to: 'awarded', permissions: [], system: true },
    // The result passes to the next valid bidder in rank: an upheld objection (the auditor) or a
    // declined award (the owner's choice).
    {
      event: 'reopen_result',
      from: ['publicity', 'awarded'],
      to: 'result_pending',
      permissions: [Perm.audit.result.reject, Perm.selection.confirm.sign],
      reason: true,
    },
    // …or the project fails: an upheld objection or a declined award with nobody to pass it to.
    {
      event: 'fail_result',
      from: ['publicity', 'awarded'],
      to: 'failed',
      permissions: [Perm.audit.result.reject, Perm.selection.confirm.sign],
      reason: true,
    },
    // After the award (DESIGN §7 "Contract completion", "Acceptance"): the owner records the
    // contract once the winner confirmed; then the acceptance; accepted with the service fee
    // settled, the project is complete (whichever of the two comes last completes it).
    { event: 'contract', from: ['awarded'], to: 'contracted', permissions: [Perm.selection.contract.add] },
    { event: 'accept', from: ['contracted'], to: 'accepted', permissions: [Perm.bid.acceptance.add] },
    { event: 'complete', from: ['accepted'], to: 'completed', permissions: [], system: true },
  ],
});
export type ProjectEvent = (typeof projectWorkflow.events)[number]['event'];

/**
 * The events of the result and what follows the award, fired only by the calls of the results
 * module (/api/results/…), which check more than a permission (owner staff, a signed confirmation,
 * the objections, the winner's answer, the contract's and acceptance's data): no generic
 * `/api/projects/{id}/{event}` call and no project action offers them.
 */
export const RESULT_EVENTS: readonly ProjectEvent[] = [
  'confirm_result',
  'approve_result',
  'return_result',
  'award',
  'reopen_result',
  'fail_result',
  'contract',
  'accept',
  'complete',
];
const isResultEvent = (e: string) => (RESULT_EVENTS as readonly string[]).includes(e);

/** Statuses a member of the public may see in the hall and detail pages. */
export const PUBLIC_STATUSES: readonly ProjectStatus[] = PROJECT_STATUSES.filter(
  (s) => !['draft', 'pending_audit', 'rejected'].includes(s),
);

/**
 * Who may open one project: the query buttons of the owners' page and of the project query, and
 * the audit queues, whose pages open a project to audit it.
 */
export const PROJECT_DETAIL_READERS = [
  Perm.project.item.query,
  Perm.project.query.query,
  Perm.project.pending.list,
  Perm.audit.project.list,
] as const;

/**
 * Actions on a project that are not status changes, offered beside the workflow's events: the
 * statuses they apply in and the permissions that allow them (any one).
 */
export const PROJECT_ACTIONS = {
  edit: { from: ['draft'], permissions: [Perm.project.item.edit] },
  remove: { from: ['draft'], permissions: [Perm.project.item.remove] },
  reissue: { from: ['failed'], permissions: [Perm.project.item.reissue] },
} as const satisfies Record<string, { from: readonly ProjectStatus[]; permissions: readonly Permission[] }>;
export type ProjectAction = ProjectEvent | keyof typeof PROJECT_ACTIONS;

/** Every action a project answers in `actions`, events first, in the order they are offered. */
export const PROJECT_ACTION_KEYS = [
  ...projectWorkflow.events.map((e) => e.event).filter((e) => !isResultEvent(e)),
  ...(Object.keys(PROJECT_ACTIONS) as (keyof typeof PROJECT_ACTIONS)[]),
] as const satisfies readonly ProjectAction[];

/**
 * What `user` may do to a project in `status`: the workflow events it allows, then the other
 * actions. The server answers it with a project's detail; the web asks it of a list row.
 */
export function projectActionsAllowed(status: string, user: PermissionHolder): ProjectAction[] {
  const others = (Object.keys(PROJECT_ACTIONS) as (keyof typeof PROJECT_ACTIONS)[]).filter((a) => {
    const { from, permissions } = PROJECT_ACTIONS[a];
    return (from as readonly string[]).includes(status) && hasAnyPermission(user, permissions);
  });
  return [...eventsAllowed(projectWorkflow, status, user).filter((e) => !isResultEvent(e)), ...others];
}

/**
 * The project status machine (DESIGN §7) as a transition table. Applying a transition is one
 * conditional UPDATE … WHERE id = $1 AND status IN (from) inside the transaction that also writes
 * the audit row (projects.service.ts); zero rows updated is a conflict, never a silent success.
 */
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

export type ProjectEvent =
  'submit' | 'approve' | 'reject' | 'revise' | 'close_signup' | 'start_evaluation' | 'start_draw' | 'fail' | 'cancel';

/** Who may fire an event: the owner's staff, an auditor, or the scheduler at a deadline. */
export type Actor = 'owner' | 'auditor' | 'scheduler';

export interface Transition {
  event: ProjectEvent;
  from: readonly ProjectStatus[];
  to: ProjectStatus;
  by: readonly Actor[];
  /** A written reason is required (rejection, failure, cancellation). */
  needsReason?: boolean;
}

/** Statuses before the award, from which a project can still be cancelled. */
const BEFORE_AWARD: ProjectStatus[] = [
  'draft',
  'pending_audit',
  'rejected',
  'published',
  'signup_closed',
  'evaluating',
  'result_pending',
  'result_audit',
  'publicity',
];

export const TRANSITIONS: readonly Transition[] = [
  { event: 'submit', from: ['draft'], to: 'pending_audit', by: ['owner'] },
  { event: 'approve', from: ['pending_audit'], to: 'published', by: ['auditor'] },
  { event: 'reject', from: ['pending_audit'], to: 'rejected', by: ['auditor'], needsReason: true },
  { event: 'revise', from: ['rejected'], to: 'draft', by: ['owner'] },
  { event: 'close_signup', from: ['published'], to: 'signup_closed', by: ['scheduler'] },
  { event: 'start_evaluation', from: ['signup_closed'], to: 'evaluating', by: ['scheduler'] },
  // A pool-draw project takes no applications: it waits published until its draw.
  { event: 'start_draw', from: ['published'], to: 'evaluating', by: ['scheduler'] },
  {
    event: 'fail',
    from: ['published', 'signup_closed', 'evaluating'],
    to: 'failed',
    by: ['owner', 'scheduler'],
    needsReason: true,
  },
  { event: 'cancel', from: BEFORE_AWARD, to: 'cancelled', by: ['owner'], needsReason: true },
];

export function transitionFor(event: ProjectEvent): Transition {
  const t = TRANSITIONS.find((x) => x.event === event);
  if (!t) throw new Error(`unknown project event ${event}`);
  return t;
}

/** The events a status allows an actor, for the UI's action buttons. */
export function allowedEvents(status: string, actor: Actor): ProjectEvent[] {
  return TRANSITIONS.filter((t) => (t.from as readonly string[]).includes(status) && t.by.includes(actor)).map(
    (t) => t.event,
  );
}

/** Statuses a member of the public may see in the hall and detail pages. */
export const PUBLIC_STATUSES: readonly ProjectStatus[] = [
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
];

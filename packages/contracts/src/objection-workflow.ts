import { Perm } from './permissions.ts';
import { defineWorkflow } from './workflow.ts';

/**
 * An objection to a result in publicity (DESIGN §7 "Result"): a participant objects once, the
 * owner answers, the auditor upholds or dismisses it. `open` and `answered` are open: publicity
 * does not end while one is.
 */
export const OBJECTION_STATUSES = ['open', 'answered', 'upheld', 'dismissed'] as const;
export type ObjectionStatus = (typeof OBJECTION_STATUSES)[number];

/** The statuses of an objection not yet decided: they hold the project's publicity. */
export const OPEN_OBJECTION_STATUSES = ['open', 'answered'] as const satisfies readonly ObjectionStatus[];

const DECIDE = [Perm.audit.result.approve, Perm.audit.result.reject] as const;

/** The objection machine (docs/workflows.md, "Result"). */
export const objectionWorkflow = defineWorkflow({
  subject: 'objection',
  statuses: OBJECTION_STATUSES,
  events: [
    { event: 'answer', from: ['open', 'answered'], to: 'answered', permissions: [Perm.selection.confirm.sign] },
    { event: 'uphold', from: ['open', 'answered'], to: 'upheld', permissions: DECIDE, reason: true },
    { event: 'dismiss', from: ['open', 'answered'], to: 'dismissed', permissions: DECIDE, reason: true },
  ],
});
export type ObjectionEvent = (typeof objectionWorkflow.events)[number]['event'];

import { Perm } from './permissions.ts';
import { defineWorkflow } from './workflow.ts';

/**
 * A pool draw (DESIGN §7 model 1): scheduled by the owner (the candidate list frozen, its hash and
 * the seed's commitment published), drawn at the draw time by the witnessing supervisor (the seed
 * revealed, the order computed), then the drawn contractors are asked in order until one confirms
 * (`engaged`, the project ranked) or none is left (`failed`, the project fails).
 */
export const DRAW_STATUSES = ['scheduled', 'drawn', 'engaged', 'failed', 'cancelled'] as const;
export type DrawStatus = (typeof DRAW_STATUSES)[number];

export const drawWorkflow = defineWorkflow({
  subject: 'draw',
  statuses: DRAW_STATUSES,
  events: [
    { event: 'draw', from: ['scheduled'], to: 'drawn', permissions: [Perm.selection.draw.witness] },
    { event: 'engage', from: ['drawn'], to: 'engaged', permissions: [], system: true },
    { event: 'exhaust', from: ['drawn'], to: 'failed', permissions: [], system: true },
    {
      event: 'cancel',
      from: ['scheduled'],
      to: 'cancelled',
      permissions: [Perm.selection.draw.schedule],
      reason: true,
    },
  ],
});
export type DrawEvent = (typeof drawWorkflow.events)[number]['event'];

/** A drawn contractor asked to take the project: it confirms or declines within the set hours. */
export const PICK_STATUSES = ['asked', 'confirmed', 'declined', 'expired'] as const;
export type PickStatus = (typeof PICK_STATUSES)[number];

export const pickWorkflow = defineWorkflow({
  subject: 'draw_pick',
  statuses: PICK_STATUSES,
  events: [
    { event: 'confirm', from: ['asked'], to: 'confirmed', permissions: [Perm.web.bidding1.confirm] },
    { event: 'decline', from: ['asked'], to: 'declined', permissions: [Perm.web.bidding1.confirm], reason: true },
    { event: 'expire', from: ['asked'], to: 'expired', permissions: [], system: true },
  ],
});
export type PickEvent = (typeof pickWorkflow.events)[number]['event'];

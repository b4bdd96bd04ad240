import { guaranteeClaimWorkflow, type ClaimEvent } from '@lvb/contracts/guarantee-claim-workflow';
import type { Tx } from '../../db/client.ts';
import { text, type Text } from '../../i18n/text.ts';
import { DB_NOW } from '../../lib/clock.ts';
import { createWorkflowEngine, statusRefusal, type FireContext } from '../../lib/workflow.ts';
import { guaranteeClaims } from './guarantees.table.ts';

export type ClaimRow = typeof guaranteeClaims.$inferSelect;
type Step = (tx: Tx, row: ClaimRow, ctx: FireContext<ClaimEvent>) => Promise<void>;

const PAST: Record<ClaimEvent, Text> = {
  pay: text('paid', '赔付'),
  refuse: text('refused', '拒赔'),
};

/**
 * The claim workflow of packages/contracts on the shared engine: paying a claim ends its letter
 * (`claim_paid` on the order, in the same transaction, which refuses a letter no longer issued);
 * both decisions tell the company whose letter it is.
 */
export function createClaimMachine(deps: { paid: Step; decided: Step }) {
  const decided = (ctx: FireContext<ClaimEvent>) => ({
    decidedBy: ctx.actor === 'system' ? null : ctx.actor.id,
    decidedAt: DB_NOW,
  });
  return createWorkflowEngine({
    workflow: guaranteeClaimWorkflow,
    table: guaranteeClaims,
    reasonColumn: 'statusReason',
    refusal: statusRefusal(text('claim', '索赔'), 'claim_status', PAST),
    changedMeanwhile: text('the claim changed meanwhile: reload it and try again', '索赔已被他人处理，请刷新后重试'),
    rules: {
      pay: {
        set: decided,
        effect: async (tx, row, ctx) => {
          await deps.paid(tx, row, ctx);
          await deps.decided(tx, row, ctx);
        },
      },
      refuse: { set: decided, effect: deps.decided },
    },
  });
}

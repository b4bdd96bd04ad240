import { drawWorkflow, pickWorkflow, type DrawEvent, type PickEvent } from '@lvb/contracts/draw-workflow';
import type { Tx } from '../../db/client.ts';
import { text, type Text } from '../../i18n/text.ts';
import { DB_NOW } from '../../lib/clock.ts';
import { createWorkflowEngine, statusRefusal, type FireContext } from '../../lib/workflow.ts';
import { drawPicks, draws } from './draws.table.ts';

type DrawRow = typeof draws.$inferSelect;
type PickRow = typeof drawPicks.$inferSelect;

const DRAW_PAST: Record<DrawEvent, Text> = {
  draw: text('drawn', '抽取'),
  engage: text('engaged', '确定承包商'),
  exhaust: text('failed', '流标'),
  cancel: text('cancelled', '取消'),
};
const PICK_PAST: Record<PickEvent, Text> = {
  confirm: text('confirmed', '确认'),
  decline: text('declined', '放弃'),
  expire: text('expired', '超时'),
};

/**
 * The draw workflow on the shared engine: `draw` runs under the draw's row lock with the project's
 * checks (`guard`) and writes the seed, entropy, order and the first ask (`effect`).
 */
export function createDrawMachine(deps: {
  checkDrawable: (tx: Tx, row: DrawRow, ctx: FireContext<DrawEvent>) => Promise<void>;
  drawn: (tx: Tx, row: DrawRow, ctx: FireContext<DrawEvent>) => Promise<void>;
}) {
  return createWorkflowEngine({
    workflow: drawWorkflow,
    table: draws,
    reasonColumn: 'statusReason',
    refusal: statusRefusal(text('draw', '抽取'), 'draw_status', DRAW_PAST),
    changedMeanwhile: text('the draw changed meanwhile: reload it and try again', '抽取已被他人处理，请刷新后重试'),
    rules: {
      draw: { guard: deps.checkDrawable, effect: deps.drawn },
    },
  });
}
export type DrawMachine = ReturnType<typeof createDrawMachine>;

/**
 * The ask workflow: a confirmation engages the contractor (`confirmed`), a decline or an expiry
 * passes the project to the next in the drawn order (`passed`), in the same transaction.
 */
export function createPickMachine(deps: {
  confirmed: (tx: Tx, row: PickRow, ctx: FireContext<PickEvent>) => Promise<void>;
  passed: (tx: Tx, row: PickRow, ctx: FireContext<PickEvent>) => Promise<void>;
}) {
  const answered = (ctx: FireContext<PickEvent>) => ({
    answeredAt: DB_NOW,
    answeredBy: ctx.actor === 'system' ? null : ctx.actor.id,
  });
  return createWorkflowEngine({
    workflow: pickWorkflow,
    table: drawPicks,
    reasonColumn: 'statusReason',
    refusal: statusRefusal(text('ask to take the project', '抽取确认'), 'pick_status', PICK_PAST),
    changedMeanwhile: text('the ask changed meanwhile: reload it and try again', '抽取确认已变化，请刷新后重试'),
    rules: {
      confirm: { set: answered, effect: deps.confirmed },
      decline: { set: answered, effect: deps.passed },
      expire: { set: answered, effect: deps.passed },
    },
  });
}

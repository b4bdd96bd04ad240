import { applicationWorkflow, type ApplicationEvent } from '@lvb/contracts/application-workflow';
import type { Tx } from '../../db/client.ts';
import { text, type Text } from '../../i18n/text.ts';
import { DB_NOW } from '../../lib/clock.ts';
import { createWorkflowEngine, statusRefusal } from '../../lib/workflow.ts';
import { applications } from './applications.table.ts';

type ApplicationRow = typeof applications.$inferSelect;

/** What an event does, for the refusal of an event its status does not allow. */
const PAST: Record<ApplicationEvent, Text> = {
  qualify: text('qualified', '审查通过'),
  reject: text('rejected', '审查不通过'),
  withdraw: text('withdrawn', '撤回'),
  win: text('declared the winner', '确定为中选'),
  lose: text('declared not selected', '确定为未中选'),
  unseat: text('passed over', '取消中选'),
  promote: text('declared the winner in turn', '顺延中选'),
  confirm: text('confirmed', '确认'),
  decline: text('declined', '放弃'),
};

export interface ApplicationMachineDeps {
  /** Refuses a withdrawal once the project's bid deadline has passed, by the database clock. */
  checkWithdrawable: (tx: Tx, row: ApplicationRow) => Promise<void>;
  /** Refuses a check unless the project is published and before its bid deadline, by the database clock. */
  checkCheckable: (tx: Tx, row: ApplicationRow) => Promise<void>;
  /** Refuses qualifying an application to a project that requires a bid guarantee while it holds no letter. */
  checkGuarantee: (tx: Tx, row: ApplicationRow) => Promise<void>;
  /** Tells the supplier the outcome of the check: an in-app notice, in the check's transaction. */
  noticeChecked: (tx: Tx, row: ApplicationRow, outcome: 'qualified' | 'rejected') => Promise<void>;
}

/**
 * The application workflow of packages/contracts on the shared engine. Every status change of an
 * application, by the supplier, the checker or the ranking, goes through `fire` or `fireDue`.
 */
export function createApplicationMachine(deps: ApplicationMachineDeps) {
  const checkedBy = (actor: 'system' | { id: number }) => ({
    checkedBy: actor === 'system' ? null : actor.id,
    checkedAt: DB_NOW,
  });
  return createWorkflowEngine({
    workflow: applicationWorkflow,
    table: applications,
    reasonColumn: 'statusReason',
    refusal: statusRefusal(text('application', '报名'), 'application_status', PAST),
    changedMeanwhile: text(
      'the application changed meanwhile: reload it and try again',
      '报名已被他人修改，请刷新后重试',
    ),
    rules: {
      qualify: {
        guard: async (tx, row) => {
          await deps.checkCheckable(tx, row);
          await deps.checkGuarantee(tx, row);
        },
        set: (ctx) => ({ ...checkedBy(ctx.actor), statusReason: null }),
        effect: (tx, row) => deps.noticeChecked(tx, row, 'qualified'),
      },
      reject: {
        guard: (tx, row) => deps.checkCheckable(tx, row),
        set: (ctx) => checkedBy(ctx.actor),
        effect: (tx, row) => deps.noticeChecked(tx, row, 'rejected'),
      },
      withdraw: { guard: (tx, row) => deps.checkWithdrawable(tx, row) },
    },
  });
}
export type ApplicationMachine = ReturnType<typeof createApplicationMachine>;

import { accountRequestWorkflow, type AccountRequestEvent } from '@lvb/contracts/account-request-workflow';
import type { Tx } from '../../db/client.ts';
import { text, type Text } from '../../i18n/text.ts';
import { createWorkflowEngine, statusRefusal, type FireContext } from '../../lib/workflow.ts';
import { accountRequests } from './accounts.table.ts';

type AccountRequestRow = typeof accountRequests.$inferSelect;

/** What an event does, for the refusal of an event its status does not allow. */
const PAST: Record<AccountRequestEvent, Text> = {
  approve: text('approved', '审核通过'),
  reject: text('rejected', '驳回'),
};

export interface AccountRequestMachineDeps {
  /**
   * Creates the organisation (when new) and its owner account for an approved request, in the
   * approval's transaction: a refusal here (the user name taken meanwhile) rolls the approval back.
   */
  openAccount: (tx: Tx, row: AccountRequestRow, ctx: FireContext<AccountRequestEvent>) => Promise<void>;
}

/**
 * The account request workflow of packages/contracts on the shared engine (bidperson/yezhu). The
 * approval's account is created inside the event's transaction, after the conditional UPDATE has
 * moved the request under its row lock: of any number of approvals at once, one moves it and
 * creates the account, and every other finds it approved and gets 409 having created nothing.
 */
export function createAccountRequestMachine(deps: AccountRequestMachineDeps) {
  return createWorkflowEngine({
    workflow: accountRequestWorkflow,
    table: accountRequests,
    reasonColumn: 'reviewNote',
    refusal: statusRefusal(text('account request', '账号申请'), 'account_request_status', PAST),
    changedMeanwhile: text(
      'the account request changed meanwhile: reload it and try again',
      '账号申请已被他人处理，请刷新后重试',
    ),
    rules: {
      approve: { effect: (tx, row, ctx) => deps.openAccount(tx, row, ctx) },
    },
  });
}
export type AccountRequestMachine = ReturnType<typeof createAccountRequestMachine>;

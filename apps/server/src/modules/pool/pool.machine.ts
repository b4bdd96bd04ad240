import { poolMemberWorkflow, type PoolMemberEvent } from '@lvb/contracts/pool-member-workflow';
import { text, type Text } from '../../i18n/text.ts';
import { createWorkflowEngine, statusRefusal } from '../../lib/workflow.ts';
import { poolMembers } from './pool.table.ts';

const PAST: Record<PoolMemberEvent, Text> = {
  suspend: text('suspended', '暂停'),
  reinstate: text('reinstated', '恢复'),
};

/**
 * The pool member workflow of packages/contracts on the shared engine: suspending keeps the reason
 * (the member is drawn no more), reinstating clears it. The engine writes each move's audit row,
 * the member's timeline.
 */
export const poolMemberMachine = createWorkflowEngine({
  workflow: poolMemberWorkflow,
  table: poolMembers,
  reasonColumn: 'statusReason',
  refusal: statusRefusal(text('pool member', '入库承包商'), 'pool_member_status', PAST),
  changedMeanwhile: text(
    'the pool member changed meanwhile: reload it and try again',
    '入库记录已被他人修改，请刷新后重试',
  ),
  rules: {
    reinstate: { set: () => ({ statusReason: null }) },
  },
});

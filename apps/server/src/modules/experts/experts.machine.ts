import { expertWorkflow, type ExpertEvent } from '@lvb/contracts/experts';
import { text, type Text } from '../../i18n/text.ts';
import { createWorkflowEngine, statusRefusal } from '../../lib/workflow.ts';
import { experts } from './experts.table.ts';

const PAST: Record<ExpertEvent, Text> = {
  suspend: text('suspended', '暂停'),
  reinstate: text('reinstated', '恢复'),
};

/**
 * The expert workflow of packages/contracts on the shared engine: suspending keeps the reason (the
 * expert is drawn no more), reinstating clears it. The engine writes each move's audit row, the
 * expert's timeline.
 */
export const expertMachine = createWorkflowEngine({
  workflow: expertWorkflow,
  table: experts,
  reasonColumn: 'statusReason',
  refusal: statusRefusal(text('expert', '专家'), 'expert_status', PAST),
  changedMeanwhile: text('the expert changed meanwhile: reload it and try again', '专家记录已被他人修改，请刷新后重试'),
  rules: {
    reinstate: { set: () => ({ statusReason: null }) },
  },
});

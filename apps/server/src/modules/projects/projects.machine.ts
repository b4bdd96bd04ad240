import { projectWorkflow, type ProjectEvent } from '@lvb/contracts/project-workflow';
import type { Tx } from '../../db/client.ts';
import { text, type Text } from '../../i18n/text.ts';
import { sql } from 'drizzle-orm';
import { DB_NOW } from '../../lib/clock.ts';
import { createWorkflowEngine, statusRefusal, type EventRules } from '../../lib/workflow.ts';
import { projects } from './projects.table.ts';

type ProjectRow = typeof projects.$inferSelect;

/** What an event does, for the refusal of an event its status does not allow. */
const PAST: Record<ProjectEvent, Text> = {
  submit: text('submitted', '提交审核'),
  approve: text('approved', '审核通过'),
  reject: text('rejected', '驳回'),
  revise: text('revised', '退回草稿'),
  close_signup: text('closed for sign-up', '截止报名'),
  start_evaluation: text('moved to evaluation', '开始评审'),
  start_draw: text('moved to its draw', '开始抽取'),
  rank: text('ranked', '排定名次'),
  fail: text('declared failed', '宣布流标'),
  cancel: text('cancelled', '撤销'),
  confirm_result: text('confirmed and signed', '确认签章'),
  approve_result: text('approved for publicity', '审核通过并公示'),
  return_result: text('returned to the owner', '退回业主'),
  award: text('awarded', '确定中选'),
  reopen_result: text('passed to the next bidder', '顺延至下一中选候选人'),
  fail_result: text('declared failed', '宣布流标'),
  contract: text('given its contract', '完善合同'),
  accept: text('accepted', '验收'),
  complete: text('completed', '办结'),
};

export interface ProjectMachineDeps {
  /** Submission checks the content again and the required documents (projects.service.ts). */
  checkSubmission: (row: ProjectRow) => Promise<void>;
  /** Refuses moving a project whose bid deadline has passed, by the database clock. */
  checkDeadline: (tx: Tx, row: ProjectRow, event: 'submit' | 'approve') => Promise<void>;
  /** Publishes the announcement, failure or cancellation notice of a published project. */
  publishNotice: (
    tx: Tx,
    row: ProjectRow,
    kind: 'announcement' | 'failure' | 'cancellation',
    actorId: number,
    reason?: string | Text,
  ) => Promise<void>;
  /** The award's effect (the results module): tells the winner and every other participant. */
  awarded?: (tx: Tx, row: ProjectRow) => Promise<void>;
}

/**
 * The project workflow of packages/contracts on the shared engine: the guards and effects that
 * belong to its events. Every status change of a project, by a person or the scheduler, goes
 * through `fire` or `fireDue`.
 */
export function createProjectMachine(deps: ProjectMachineDeps) {
  // A notice names who published it; 0 is the platform itself, when a deadline fired the event.
  const actorId = (actor: 'system' | { id: number }) => (actor === 'system' ? 0 : actor.id);
  const noticeOncePublished =
    (kind: 'failure' | 'cancellation'): EventRules<ProjectEvent, ProjectRow>['effect'] =>
    async (tx, row, ctx) => {
      if (row.publishedAt) await deps.publishNotice(tx, row, kind, actorId(ctx.actor), ctx.reason);
    };
  return createWorkflowEngine({
    workflow: projectWorkflow,
    table: projects,
    reasonColumn: 'statusReason',
    reasonZhColumn: 'statusReasonZh',
    refusal: statusRefusal(text('project', '项目'), 'project_status', PAST),
    changedMeanwhile: text('the project changed meanwhile: reload it and try again', '项目已被他人修改，请刷新后重试'),
    rules: {
      submit: {
        before: (row) => deps.checkSubmission(row),
        guard: (tx, row) => deps.checkDeadline(tx, row, 'submit'),
      },
      approve: {
        guard: (tx, row) => deps.checkDeadline(tx, row, 'approve'),
        set: () => ({ publishedAt: DB_NOW }),
        effect: (tx, row, ctx) => deps.publishNotice(tx, row, 'announcement', actorId(ctx.actor)),
      },
      revise: { set: () => ({ statusReason: null, statusReasonZh: null }) },
      fail: { effect: noticeOncePublished('failure') },
      cancel: { effect: noticeOncePublished('cancellation') },
      // Publicity lasts the project's publicity days from the approval, by the business clock.
      approve_result: { set: () => ({ publicityEndsAt: sql`app_now() + make_interval(days => publicity_days)` }) },
      reopen_result: { set: () => ({ publicityEndsAt: null }) },
      award: { effect: async (tx, row) => deps.awarded?.(tx, row) },
      fail_result: { effect: noticeOncePublished('failure') },
    },
  });
}
export type ProjectMachine = ReturnType<typeof createProjectMachine>;

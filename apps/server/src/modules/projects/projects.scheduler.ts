import { Model } from '@lvb/contracts/projects';
import type { ProjectEvent } from '@lvb/contracts/project-workflow';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { runEvery } from '../../lib/repeat.ts';
import { createSettingsService } from '../settings/settings.service.ts';
import type { ProjectMachine } from './projects.machine.ts';
import { createProjectsService } from './projects.service.ts';

/** The project machine with its real guards and effects, for ticks outside a request. */
const machineOn = (db: Db): ProjectMachine =>
  createProjectsService({ db, settings: createSettingsService({ db }) }).machine;

/**
 * Deadline transitions, judged by the database clock. The engine locks the due rows with SKIP
 * LOCKED and moves each with its conditional UPDATE: when several instances tick at once, each
 * project moves exactly once and the others find nothing left to do.
 */
const DEADLINE_RULES: { event: ProjectEvent; due: SQL }[] = [
  // Sign-up (and sealed bidding) closes at the bid deadline for models 2 and 3.
  {
    event: 'close_signup',
    due: sql`model in (${Model.priceCompetition}, ${Model.bestValue}) and bid_deadline <= app_now()`,
  },
  // The opening time starts the evaluation.
  { event: 'start_evaluation', due: sql`opening_at <= app_now()` },
  // A pool draw starts at its draw time.
  { event: 'start_draw', due: sql`model = ${Model.poolDraw} and opening_at <= app_now()` },
];

export async function runDeadlineTick(db: Db, machine = machineOn(db)): Promise<Record<string, number>> {
  const moved: Record<string, number> = {};
  for (const rule of DEADLINE_RULES) {
    const count = await machine.fireDue(db, rule.event, rule.due);
    if (count > 0) moved[rule.event] = count;
  }
  return moved;
}

/** Runs the tick every `intervalMs` in this instance; the answer stops it. */
export function startDeadlineScheduler(db: Db, intervalMs: number, onError: (err: unknown) => void) {
  const machine = machineOn(db);
  return runEvery(intervalMs, () => runDeadlineTick(db, machine), onError);
}

import { hasAnyPermission, type PermissionHolder } from './access.ts';
import type { Permission } from './permissions.ts';

/**
 * A workflow's table of events, as data both sides read: the server applies it (its engine adds
 * guards and effects, apps/server/src/lib/workflow.ts), the web shows the buttons the server
 * allows and asks for a reason where one is required. Neither side keeps a copy.
 */
export interface WorkflowEvent<S extends string, E extends string> {
  event: E;
  from: readonly S[];
  to: S;
  /** Any one of these lets a person fire the event; empty when only the system fires it. */
  permissions: readonly Permission[];
  /** The scheduler fires it when a deadline passes (by the database clock). */
  system?: boolean;
  /** A written reason is required and becomes the record's status reason. */
  reason?: boolean;
}

export interface Workflow<S extends string, E extends string> {
  /** The audit-trail subject and the prefix of its actions (`project.submit`). */
  subject: string;
  statuses: readonly S[];
  events: readonly WorkflowEvent<S, E>[];
}

export function defineWorkflow<const S extends string, const E extends string>(w: Workflow<S, E>): Workflow<S, E> {
  for (const e of w.events) {
    if (e.permissions.length === 0 && !e.system) throw new Error(`${w.subject}.${e.event}: nobody may fire it`);
  }
  return w;
}

export function eventOf<S extends string, E extends string>(w: Workflow<S, E>, event: E): WorkflowEvent<S, E> {
  const found = w.events.find((e) => e.event === event);
  if (!found) throw new Error(`unknown ${w.subject} event ${event}`);
  return found;
}

/** The events a person holding `user`'s permissions may fire on a record in `status`. */
export function eventsAllowed<S extends string, E extends string>(
  w: Workflow<S, E>,
  status: string,
  user: PermissionHolder,
): E[] {
  return w.events
    .filter((e) => (e.from as readonly string[]).includes(status) && hasAnyPermission(user, e.permissions))
    .map((e) => e.event);
}

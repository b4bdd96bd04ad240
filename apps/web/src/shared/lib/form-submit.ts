import type { FormInstance } from 'antd';
import { claimFieldRefusals } from './field-claims';
import { RequestError } from './request';

/**
 * How forms submit: validate (a failure is shown on the fields and ends there: never an uncaught
 * rejection), send, and put a refusal that names a body field shown by the form under that field
 * instead of a toast (shared/lib/field-claims.ts). A refusal of any other field, or of no field,
 * is toasted by the request wrapper as before.
 */

type PathPart = string | number;

export interface FieldRefusal {
  /** The body field, as the server names it (`bidDeadline`, `scoreCriteria.1.max`). */
  field: string;
  message: string;
}

/** The field a refused call names, with the message to show there; null for any other failure. */
export function fieldRefusal(error: unknown): FieldRefusal | null {
  if (!(error instanceof RequestError)) return null;
  const body = error.body as { field?: unknown; msg?: unknown } | undefined;
  if (typeof body?.field !== 'string' || !body.field) return null;
  return { field: body.field, message: typeof body.msg === 'string' && body.msg ? body.msg : error.message };
}

/**
 * Where a form shows the server's body fields when its own names differ: a map from the body's
 * name (`budget`) to the form's (`budgetYuan` or a path), or a function. Fields not mapped keep
 * their name, its dots read as a path (`scoreCriteria.1.max` → ['scoreCriteria', 1, 'max']).
 */
export type FieldNames =
  Readonly<Record<string, string | readonly PathPart[]>> | ((field: string) => PathPart[] | null);

const pathOf = (name: string | readonly PathPart[]): PathPart[] =>
  typeof name === 'string' ? name.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)) : [...name];

function wantedPath(field: string, names?: FieldNames): PathPart[] | null {
  if (typeof names === 'function') return names(field);
  const path = pathOf(field);
  const head = String(path[0]);
  if (names?.[field] !== undefined) return pathOf(names[field]);
  if (names?.[head] !== undefined) return [...pathOf(names[head]), ...path.slice(1)];
  return path;
}

const samePath = (a: readonly PathPart[], b: readonly PathPart[]) =>
  a.length === b.length && a.every((part, i) => String(part) === String(b[i]));

/** What a form offers to show refusals on: the fields it shows, and how to show one. */
export interface RefusalTarget {
  /** The name of the field on screen that shows `path`, as the form names it; null when none does. */
  find(path: PathPart[]): PathPart[] | null;
  show(name: PathPart[], message: string): void;
}

/** antd's form as a refusal target: its registered fields, errors set with setFields. */
export function antdRefusalTarget(form: FormInstance): RefusalTarget {
  return {
    find: (path) => {
      const shown = form.getFieldsError().find((f) => samePath(f.name, path));
      return shown ? [...shown.name] : null;
    },
    show: (name, message) => {
      form.setFields([{ name, errors: [message] }]);
      form.scrollToField(name, { block: 'center' });
    },
  };
}

/** Errors whose message now stands under a field: the caller shows nothing more. */
const shownOnField = new WeakSet<object>();

/** Whether a refusal was put under a field of the form (so no banner or toast repeats it). */
export function isShownOnField(error: unknown): boolean {
  return typeof error === 'object' && error !== null && shownOnField.has(error);
}

/**
 * Runs a form's call. While it runs the form claims the body fields it shows; a refusal naming one
 * of them goes under that field. The call's failure is passed on, so the caller stays where it is.
 */
export async function sendWithFieldRefusals<R>(
  target: RefusalTarget | FormInstance,
  send: () => Promise<R>,
  names?: FieldNames,
): Promise<R> {
  const place = 'find' in target ? target : antdRefusalTarget(target);
  const fieldFor = (field: string) => {
    const path = wantedPath(field, names);
    return path ? place.find(path) : null;
  };
  const release = claimFieldRefusals((field) => fieldFor(field) !== null);
  try {
    return await send();
  } catch (error) {
    const refusal = fieldRefusal(error);
    const name = refusal ? fieldFor(refusal.field) : null;
    if (refusal && name) {
      place.show(name, refusal.message);
      shownOnField.add(error as object);
    }
    throw error;
  } finally {
    release();
  }
}

/** antd's validateFields rejects with `{errorFields, values}` when a field is invalid. */
export function isValidationFailure(error: unknown): boolean {
  return typeof error === 'object' && error !== null && Array.isArray((error as { errorFields?: unknown }).errorFields);
}

/** The form's values when every field is valid; null when not (each field shows why). */
export async function validValues<T>(form: FormInstance<T>): Promise<T | null> {
  try {
    return await form.validateFields();
  } catch (error) {
    if (!isValidationFailure(error)) throw error;
    const first = (error as { errorFields: { name: PathPart[] }[] }).errorFields[0];
    if (first) form.scrollToField(first.name, { block: 'center' });
    return null;
  }
}

/**
 * Validates and sends a form that is not submitted through `onFinish` (a dialog's OK button): the
 * answer of `send`, or undefined when a field is invalid or the server refused (the fields or the
 * request wrapper show why). Never rejects for either.
 */
export async function submitForm<T, R>(
  form: FormInstance<T>,
  send: (values: T) => Promise<R>,
  names?: FieldNames,
): Promise<R | undefined> {
  const values = await validValues(form);
  if (values === null) return undefined;
  try {
    return await sendWithFieldRefusals(form, () => send(values), names);
  } catch (error) {
    if (error instanceof RequestError) return undefined;
    throw error;
  }
}

/**
 * A refused call (shown by the request wrapper) or a failed form validation (shown on its fields)
 * has already been told to the user: every caller handles them, and one that slips through must not
 * become an uncaught page error on top. Installed once by each client (main.tsx, light/client.tsx).
 */
export function ignoreToldFailures(): void {
  window.addEventListener('unhandledrejection', (event) => {
    if (event.reason instanceof RequestError || isValidationFailure(event.reason)) event.preventDefault();
  });
}

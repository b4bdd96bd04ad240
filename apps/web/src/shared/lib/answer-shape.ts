/**
 * Checks of the few answers the public and sign-in pages read, written without zod so those pages
 * do not download it (the back office parses its answers with the contracts' schemas). Like a zod
 * object, `readFields` keeps only the declared fields and throws when one has the wrong type.
 */
type FieldType = 'string' | 'number' | 'boolean';
type Spec = Record<string, FieldType | `${FieldType}?`>;
type Value<F> = F extends 'string' | 'string?' ? string : F extends 'number' | 'number?' ? number : boolean;
export type Fields<S extends Spec> = { [K in keyof S as S[K] extends `${string}?` ? never : K]: Value<S[K]> } & {
  [K in keyof S as S[K] extends `${string}?` ? K : never]?: Value<S[K]>;
};

export class AnswerShapeError extends Error {
  constructor(what: string, field?: string) {
    super(field ? `Unexpected answer for ${what}: ${field}` : `Unexpected answer for ${what}`);
    this.name = 'AnswerShapeError';
  }
}

export function readFields<S extends Spec>(value: unknown, spec: S, what: string): Fields<S> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new AnswerShapeError(what);
  const source = value as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  for (const [field, declared] of Object.entries(spec)) {
    const optional = declared.endsWith('?');
    const type = optional ? declared.slice(0, -1) : declared;
    const fieldValue = source[field];
    if (fieldValue === undefined && optional) continue;
    if (typeof fieldValue !== type) throw new AnswerShapeError(what, field);
    result[field] = fieldValue;
  }
  return result as Fields<S>;
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { text } from '../i18n/text.ts';
import { fieldZh } from '../i18n/validation-zh.ts';
import { badRequest } from '../lib/errors.ts';

/** The part of a request a field sits in, as validation messages name it. */
const PARTS = [
  ['body', ''],
  ['query', 'querystring '],
  ['params', 'params '],
] as const;

/** The path of the first string holding a NUL character, or null; depth-bounded. */
export function nulPath(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 8 || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '')];
    const found = nulPath(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * No text input may carry a NUL character: PostgreSQL cannot store one in text, so it would fail
 * deep in a statement (a 500 whose log carried the statement's parameters). Every string of the
 * body, query and path is checked once, before validation, and refused with the field's name.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  // A callback hook, not an async one: every request passes here, most with nothing to refuse.
  app.addHook('preValidation', (req: FastifyRequest, _reply, done) => {
    for (const [part, label] of PARTS) {
      const path = nulPath(req[part]);
      if (path) {
        const field = path.join('.') || part;
        done(
          badRequest(
            text(`${label}${field}: must not contain a NUL character`, `${fieldZh(field)}：不能包含空字符（NUL）`),
          ),
        );
        return;
      }
    }
    done();
  });
});

import { creditCode, password, phone } from '@lvb/contracts/identity';
import { describe, expect, it } from 'vitest';
import { isCreditCode, isPhone, isStrongPassword } from '../validation';

// The predicates repeat the contracts' rules without zod; these samples keep them in step.
const samples: unknown[] = [
  '',
  ' ',
  '13800138000',
  ' 13800138000 ',
  '1380013800',
  '138001380001',
  '23800138000',
  '1380013800a',
  'abc',
  'abcdefg1',
  'abcdefgh',
  '12345678',
  'Abc12345',
  'Ab1',
  `a1${'x'.repeat(62)}`,
  `a1${'x'.repeat(63)}`,
  '密码abc123456',
  '91330100MA27XL0J2K',
  ' 91330100MA27XL0J2K ',
  '91330100ma27xl0j2k',
  '91330100MA27XL0J2',
  '91330100MA27XL0J2KK',
  'I1330100MA27XL0J2K',
  '9133010AMA27XL0J2K',
  null,
  undefined,
  13800138000,
];

describe('form predicates agree with the contract schemas', () => {
  it.each([
    ['phone', isPhone, phone],
    ['password', isStrongPassword, password],
    ['credit code', isCreditCode, creditCode],
  ] as const)('%s', (_name, predicate, schema) => {
    for (const sample of samples)
      expect([sample, predicate(sample)]).toEqual([sample, schema.safeParse(sample).success]);
  });
});

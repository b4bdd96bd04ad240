import { z } from 'zod';
import { text, type Text } from '../../i18n/text.ts';
import { validationZh } from '../../i18n/validation-zh.ts';

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** A tier of the service-fee table: up to `upTo` yuan of the award (null: the rest), at `rate`. */
const feeTiers = z
  .string()
  .transform((s, ctx) => {
    try {
      return JSON.parse(s) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be JSON, e.g. [[1000000,0.01],[null,0.005]]' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(z.tuple([z.number().positive().nullable(), z.number().min(0).max(0.1)]))
      .min(1)
      .refine((tiers) => tiers.at(-1)?.[0] === null, 'the last tier must be open-ended (null)'),
  );

/**
 * Rules of the business parameters (base/parameter): each value is checked against its rule
 * before it is stored, so the code that reads a parameter can trust it.
 */
export const PARAM_RULES: Record<string, z.ZodType> = {
  'bid.signupDays': int(1, 60),
  'bid.publicityDays': int(1, 30),
  'bid.minParticipants': int(1, 20),
  'draw.excludeRecentDays': int(0, 365),
  'draw.confirmHours': int(1, 168),
  'fee.rateTiers': feeTiers,
  'valueLimit.construction': int(1, 100_000_000),
  'valueLimit.survey': int(1, 100_000_000),
  'valueLimit.design': int(1, 100_000_000),
  'valueLimit.supervision': int(1, 100_000_000),
  'valueLimit.service': int(1, 100_000_000),
  'valueLimit.goods': int(1, 100_000_000),
  'site.consultPhone': z.string().regex(/^[0-9+\-() ]{5,30}$/, 'a phone number'),
  'site.serviceHours': z.string().regex(/^\d{1,2}:\d{2}-\d{1,2}:\d{2}$/, 'hours as 9:00-17:30'),
};

/** Checks a value against its key's rule, or its declared type; answers the problem or null. */
export function paramProblem(key: string, valueType: string, value: string): Text | null {
  const rule = PARAM_RULES[key];
  if (rule) {
    const parsed = rule.safeParse(value, { reportInput: true });
    if (parsed.success) return null;
    const issue = parsed.error.issues[0];
    return issue ? text(issue.message, validationZh(issue, issue.input)) : text('is not valid', '无效');
  }
  if (valueType === 'number' && (value.trim() === '' || !Number.isFinite(Number(value)))) {
    return text('must be a number', '须为数字');
  }
  if (valueType === 'boolean' && value !== 'true' && value !== 'false')
    return text('must be true or false', '须为 true 或 false');
  return null;
}

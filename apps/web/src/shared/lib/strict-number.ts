import { parseYuanToFen } from '@lvb/contracts/money';
import type { RuleObject } from 'antd/es/form';
import type { TFunction } from 'i18next';

/**
 * Numbers typed into forms are checked, never changed: a field keeps the text the user typed, a
 * rule refuses what is not a number in range with a message on the field, and the submit reads the
 * number from the text. (antd's InputNumber clamps and rounds on blur, so `999` became the maximum
 * and `12abc` became 12 without a word: that is not validation.)
 */

export interface DecimalFormat {
  /** Decimals allowed (default 0, a whole number); `Infinity` for any. */
  decimals?: number;
  /** Also accept digits grouped by thousands with commas (`1,000,000`). */
  grouping?: boolean;
}

/** At most 15 significant digits: every such number is exact in a double. */
const MAX_DIGITS = 15;

/**
 * A typed number, strictly: digits with an optional decimal point and at most `decimals` decimals,
 * surrounding spaces ignored. No sign, exponent, leading zeros (`07`), letters or loose commas:
 * those answer null. A number (a value the form got from the server) is read as its text.
 */
export function parseDecimal(value: unknown, { decimals = 0, grouping = false }: DecimalFormat = {}): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : null;
  if (text === null) return null;
  const whole = grouping ? '(0|[1-9]\\d*|[1-9]\\d{0,2}(?:,\\d{3})+)' : '(0|[1-9]\\d*)';
  const fraction = decimals === 0 ? '' : `(?:\\.(\\d{1,${Number.isFinite(decimals) ? decimals : ''}}))?`;
  const match = new RegExp(`^${whole}${fraction}$`).exec(text);
  if (!match) return null;
  const digits = match[1]!.replaceAll(',', '') + (match[2] ?? '');
  if (digits.replace(/^0+/, '').length > MAX_DIGITS) return null;
  return Number(`${match[1]!.replaceAll(',', '')}${match[2] ? `.${match[2]}` : ''}`);
}

const isEmpty = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

export interface NumberRuleOptions extends DecimalFormat {
  min: number;
  max: number;
  required?: boolean;
  /** The field's own message for a missing, malformed or out-of-range number; a general one otherwise. */
  message?: string;
  /** Message for an empty required field when it differs from `message`. */
  requiredMessage?: string;
}

/** The general message of a number rule: its range, and its decimals when any are allowed. */
export function numberRuleMessage(t: TFunction, { min, max, decimals = 0 }: NumberRuleOptions): string {
  const range = { min: min.toLocaleString('en-US'), max: max.toLocaleString('en-US') };
  return decimals === 0
    ? t('validation.wholeNumber', range)
    : Number.isFinite(decimals)
      ? t('validation.decimalNumber', { ...range, decimals })
      : t('validation.anyNumber', range);
}

/** The rule of a number field: a number from `min` to `max` with the decimals allowed, or a message. */
export function numberRule(t: TFunction, options: NumberRuleOptions): RuleObject {
  const message = options.message ?? numberRuleMessage(t, options);
  return {
    required: options.required,
    validator: async (_, value: unknown) => {
      if (isEmpty(value)) {
        if (options.required) throw new Error(options.requiredMessage ?? message);
        return;
      }
      const n = parseDecimal(value, options);
      if (n === null || n < options.min || n > options.max) throw new Error(message);
    },
  };
}

/** The number a validated field holds; undefined when it was left empty. */
export function numberValue(value: unknown, format: DecimalFormat = {}): number | undefined {
  if (isEmpty(value)) return undefined;
  return parseDecimal(value, format) ?? undefined;
}

export interface MoneyRuleOptions {
  required?: boolean;
  /** Missing or malformed (not a positive amount of yuan with at most two decimals). */
  message: string;
  /** Message for an empty required field when it differs from `message`. */
  requiredMessage?: string;
  /** Further checks on the amount in fen: a message refuses it. */
  check?: (fen: number) => string | null | undefined;
}

/** The rule of an amount typed in yuan (`parseYuanToFen`): refused with a message, never rounded. */
export function moneyRule({ required, message, requiredMessage, check }: MoneyRuleOptions): RuleObject {
  return {
    required,
    validator: async (_, value: unknown) => {
      if (isEmpty(value)) {
        if (required) throw new Error(requiredMessage ?? message);
        return;
      }
      const fen = parseYuanToFen(String(value));
      if (fen === null) throw new Error(message);
      const problem = check?.(fen);
      if (problem) throw new Error(problem);
    },
  };
}

/** The fen of a validated amount field; undefined when it was left empty. */
export function fenValue(value: unknown): number | undefined {
  if (isEmpty(value)) return undefined;
  return parseYuanToFen(String(value)) ?? undefined;
}

/** Fen as a form shows them for editing: plain yuan, decimals only when there are any (`1234.5`). */
export function fenToYuanText(fen: number): string {
  const whole = Math.floor(fen / 100);
  const cents = fen % 100;
  return cents === 0 ? String(whole) : `${whole}.${String(cents).padStart(2, '0').replace(/0$/, '')}`;
}

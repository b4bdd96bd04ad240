/**
 * Money as people type and read it: amounts are integer fen everywhere in code and on the wire;
 * these turn typed yuan into fen (strictly: a bad amount is refused, never clamped or rounded),
 * and fen into figures and into the Chinese capital numerals of payment documents.
 */

/**
 * The largest amount the helpers accept: 9,999,999,999,999.99 yuan. Every fen of it is exact in a
 * double, and its capital numerals need no unit above 万亿.
 */
export const MAX_FEN = 999_999_999_999_999;

/**
 * A typed amount in yuan, with at most two decimals: plain digits (`1234.5`) or digits grouped by
 * thousands with commas (`1,234.50`), surrounding spaces ignored. Anything else is refused (null):
 * empty text, a sign, zero, a third decimal, an exponent, letters, leading zeros (`012`), loose
 * commas (`12,34`), an amount above MAX_FEN. Answers whole fen.
 */
export function parseYuanToFen(text: string): number | null {
  const match = /^(0|[1-9]\d*|[1-9]\d{0,2}(?:,\d{3})+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const whole = match[1]!.replaceAll(',', '');
  // 13 digits of yuan at most: beyond that the fen are no longer exact.
  if (whole.length > 13) return null;
  const fen = Number(whole) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return fen > 0 && fen <= MAX_FEN ? fen : null;
}

/** Fen as yuan in figures with thousands separators and two decimals: 123450 → `¥1,234.50`. */
export function formatYuan(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`not a whole number of fen: ${fen}`);
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${sign}¥${whole}.${String(abs % 100).padStart(2, '0')}`;
}

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
/** Units inside a group of four digits, from the thousands down. */
const PLACES = ['仟', '佰', '拾', ''];
/** Units of the groups of four digits, from the lowest. */
const GROUPS = ['', '万', '亿', '万亿'];

/** One group of four digits (1 to 9999): zeros between digits read as one 零, trailing zeros not at all. */
function groupText(group: number): string {
  const digits = String(group).padStart(4, '0');
  let out = '';
  let zero = false;
  for (let i = 0; i < 4; i++) {
    const d = Number(digits[i]);
    if (d === 0) {
      if (out) zero = true;
      continue;
    }
    if (zero) out += '零';
    zero = false;
    out += DIGITS[d]! + PLACES[i]!;
  }
  return out;
}

/** Whole yuan (1 or more) in capital numerals, without the 元. */
function yuanText(yuan: number): string {
  const groups: number[] = [];
  for (let rest = yuan; rest > 0; rest = Math.floor(rest / 10_000)) groups.unshift(rest % 10_000);
  let out = '';
  let zero = false;
  groups.forEach((group, i) => {
    if (group === 0) {
      // A whole group of zeros reads as one 零, and only when a digit follows.
      if (out) zero = true;
      return;
    }
    // A group after the first that starts with zeros (0001) reads 零 before its digits.
    if (out && (zero || group < 1000)) out += '零';
    zero = false;
    out += groupText(group) + GROUPS[groups.length - 1 - i]!;
  });
  return out;
}

/**
 * Fen in Chinese capital numerals as payment documents write them (the rules of 《正确填写票据和
 * 结算凭证的基本规定》): 123450 → 壹仟贰佰叁拾肆元伍角整.
 *
 * - Zeros: a run of zeros inside the yuan, within a group or across the 万/亿 groups, reads as one
 *   零 (壹亿零壹万元整, 壹拾万零壹佰元整); trailing zeros are not read (壹佰亿元整).
 * - 整 follows an amount that ends at 元 or at 角 (壹元整, 壹角整: the convention this project
 *   follows; the rules allow 整 after 角 and never after 分).
 * - No 角 between yuan and fen reads 零 (壹拾万元零壹分); less than one yuan starts with its first
 *   digit, without 零元 (壹分, 伍角叁分). Zero is 零元整.
 *
 * Throws a RangeError for anything but a whole number of fen from 0 to MAX_FEN.
 */
export function fenToChineseCapital(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0 || fen > MAX_FEN) {
    throw new RangeError(`not an amount of fen from 0 to ${MAX_FEN}: ${fen}`);
  }
  if (fen === 0) return '零元整';
  const yuan = Math.floor(fen / 100);
  const jiao = Math.floor(fen / 10) % 10;
  const cents = fen % 10;
  let out = yuan > 0 ? `${yuanText(yuan)}元` : '';
  if (jiao > 0) out += `${DIGITS[jiao]}角`;
  else if (yuan > 0 && cents > 0) out += '零';
  return cents > 0 ? `${out}${DIGITS[cents]}分` : `${out}整`;
}

import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ProductBody } from '@lvb/contracts/guarantees';
import { Button, Form, Space } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '@/shared/components/number-input';
import { numberRule, numberValue } from '@/shared/lib/strict-number';

/** One tier as typed: its upper bound in yuan (empty: any amount above) and its rate in per cent. */
export interface TierText {
  upTo: string;
  rate: string;
}

const MAX_TIERS = 10;
const YUAN = { decimals: 2, grouping: true } as const;
const PERCENT = { decimals: 4 } as const;

/** Tiers as the wire carries them (JSON has no tuples: each tier is a pair in an array). */
export type WireTiers = readonly (readonly (number | null | undefined)[])[];

/** The tiers typed, as the product's `rateTiers`: bounds in yuan, rates as decimals (0.5% → 0.005). */
export function tiersOf(rows: readonly TierText[]): ProductBody['rateTiers'] {
  return rows.map((row) => {
    const upTo = numberValue(row.upTo, YUAN);
    // Per cent with four decimals is a whole number of parts per million: exact after rounding.
    const ppm = Math.round(numberValue(row.rate, PERCENT)! * 10_000);
    return [upTo ?? null, ppm / 1_000_000];
  });
}

/** A rate as per cent: 0.0035 → `0.35`. */
export const percentText = (rate: number) => String(Math.round(rate * 1_000_000) / 10_000);

/** A product's tiers as the form shows them for editing. */
export function tierTexts(tiers: WireTiers): TierText[] {
  return tiers.map(([upTo, rate]) => ({
    upTo: upTo === null || upTo === undefined ? '' : String(upTo),
    rate: percentText(rate ?? 0),
  }));
}

/** A server refusal of `rateTiers.1.1` stands under the rate of the second row. */
export function tierFieldOf(field: string): (string | number)[] | null {
  const match = /^rateTiers(?:\.(\d+)(?:\.([01]))?)?$/.exec(field);
  if (!match) return null;
  return ['tiers', Number(match[1] ?? 0), match[2] === '0' ? 'upTo' : 'rate'];
}

function boundRule(t: TFunction, index: number, count: number) {
  return ({ getFieldValue }: { getFieldValue: (name: (string | number)[]) => unknown }) => ({
    validator: async (_: unknown, value: unknown) => {
      const empty = value === undefined || value === null || String(value).trim() === '';
      if (empty) {
        if (index < count - 1) throw new Error(t('guarantees.product.tierOpenLast'));
        return;
      }
      const bound = numberValue(value, YUAN);
      if (bound === undefined || bound <= 0 || bound > 9_999_999_999_999)
        throw new Error(t('guarantees.product.tierBoundInvalid'));
      const previous = index > 0 ? numberValue(getFieldValue(['tiers', index - 1, 'upTo']), YUAN) : undefined;
      if (previous !== undefined && bound <= previous) throw new Error(t('guarantees.product.tierRising'));
    },
  });
}

/**
 * The rate tiers editor: rows of "up to ¥… (empty: any amount above)" and "rate %", in rising
 * order, at most ten. Each value is checked as typed (never rounded or clamped) under its field.
 */
export function RateTiersField() {
  const { t } = useTranslation();
  return (
    <Form.List name="tiers">
      {(fields, { add, remove }) => (
        <div data-testid="rate-tiers">
          {fields.map((field, index) => (
            <Space key={field.key} align="start" wrap style={{ display: 'flex' }}>
              <Form.Item
                name={[field.name, 'upTo']}
                // The dialog's form drops the values of fields that unmount (`preserve={false}`);
                // the rows keep theirs, or a product's tiers would open empty.
                preserve
                label={index === 0 ? t('guarantees.product.tierUpTo') : undefined}
                dependencies={index > 0 ? [['tiers', index - 1, 'upTo']] : []}
                rules={[boundRule(t, index, fields.length)]}
              >
                <NumberInput
                  prefix="¥"
                  placeholder={t('guarantees.product.tierAbove')}
                  aria-label={t('guarantees.product.tierUpToRow', { row: index + 1 })}
                  style={{ width: 190 }}
                />
              </Form.Item>
              <Form.Item
                name={[field.name, 'rate']}
                preserve
                label={index === 0 ? t('guarantees.product.tierRate') : undefined}
                rules={[
                  numberRule(t, {
                    min: 0,
                    max: 10,
                    ...PERCENT,
                    required: true,
                    message: t('guarantees.product.tierRateInvalid'),
                  }),
                ]}
              >
                <NumberInput
                  suffix="%"
                  placeholder="0.5"
                  aria-label={t('guarantees.product.tierRateRow', { row: index + 1 })}
                  style={{ width: 120 }}
                />
              </Form.Item>
              {fields.length > 1 ? (
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  style={index === 0 ? { marginTop: 30 } : undefined}
                  aria-label={t('guarantees.product.tierRemove', { row: index + 1 })}
                  onClick={() => remove(field.name)}
                />
              ) : null}
            </Space>
          ))}
          {fields.length < MAX_TIERS ? (
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ upTo: '', rate: '' })}>
              {t('guarantees.product.tierAdd')}
            </Button>
          ) : null}
        </div>
      )}
    </Form.List>
  );
}

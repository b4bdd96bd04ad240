import { Input, type InputProps } from 'antd';

type NumberInputProps = Omit<InputProps, 'value' | 'onChange' | 'type'> & {
  /** The typed text; a number (a value from the server) is shown as its digits. */
  value?: string | number | null;
  onChange?: (text: string) => void;
};

/**
 * A number or amount field that keeps exactly what the user typed: the form's rule
 * (`numberRule` / `moneyRule` of shared/lib/strict-number) refuses a bad value with a message,
 * and nothing is clamped, rounded or dropped on blur. Phones get the decimal keypad.
 */
export function NumberInput({ value, onChange, ...props }: NumberInputProps) {
  return (
    <Input
      inputMode="decimal"
      autoComplete="off"
      {...props}
      value={value === undefined || value === null ? '' : String(value)}
      onChange={(event) => onChange?.(event.target.value)}
    />
  );
}

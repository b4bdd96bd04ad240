import { SMS_CODE_LENGTH } from '@lvb/contracts/limits';
import type { SmsPurpose } from '@lvb/contracts/identity';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSmsCodeSender } from '@/shared/lib/sms-code';
import { MessageIcon } from './auth-icons';
import type { Rule } from './form-rules';
import { FieldShell, InputBox, PlainButton, useField } from './plain-form';

interface SmsCodeInputProps {
  name: string;
  label: ReactNode;
  rules: Rule[];
  /** Returns the phone to send to, or undefined after showing why it cannot be used yet. */
  getPhone: () => string | undefined;
  purpose: SmsPurpose;
  onSent: (uuid: string) => void;
}

/**
 * The SMS code field of the plain sign-in forms (shared/components/sms-code-field.tsx is antd's):
 * digits only, with a send button that counts down 60 s before it can send again.
 */
export function SmsCodeInput({ name, label, rules, getPhone, purpose, onSent }: SmsCodeInputProps) {
  const { t } = useTranslation();
  const field = useField(name, rules);
  const sender = useSmsCodeSender({ getPhone, purpose, onSent });

  return (
    <FieldShell id={field.id} helpId={field.helpId} label={label} error={field.error}>
      <div className="pf-compact">
        <InputBox
          {...field.inputProps}
          invalid={Boolean(field.error)}
          onChange={(event) => field.change(event.target.value.replace(/\D/g, ''))}
          maxLength={SMS_CODE_LENGTH}
          inputMode="numeric"
          autoComplete="one-time-code"
          prefix={<MessageIcon />}
          placeholder={t('auth.smsCodePlaceholder')}
        />
        <PlainButton
          onClick={sender.send}
          loading={sender.sending}
          disabled={sender.waiting}
          className="sms-send-button"
          data-testid="send-sms-code"
        >
          {sender.label}
        </PlainButton>
      </div>
    </FieldShell>
  );
}

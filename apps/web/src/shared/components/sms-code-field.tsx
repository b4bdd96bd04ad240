import { MessageOutlined } from '@ant-design/icons';
import { SMS_CODE_LENGTH } from '@lvb/contracts/limits';
import type { SmsPurpose } from '@lvb/contracts/identity';
import { Button, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSmsCodeSender } from '@/shared/lib/sms-code';

interface SmsCodeFieldProps {
  /** Given by Form.Item so its label points at the input. */
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  /** Returns the phone to send to, or undefined after showing why it cannot be used yet. */
  getPhone: () => Promise<string | undefined>;
  purpose: SmsPurpose;
  onSent: (uuid: string) => void;
  size?: 'large' | 'middle' | 'small';
}

/** SMS code input with a send button that counts down 60 s before it can send again. */
export function SmsCodeField({ id, value, onChange, getPhone, purpose, onSent, size }: SmsCodeFieldProps) {
  const { t } = useTranslation();
  const sender = useSmsCodeSender({ getPhone, purpose, onSent });

  return (
    <Space.Compact block>
      <Input
        id={id}
        value={value}
        onChange={(e) => onChange?.(e.target.value.replace(/\D/g, ''))}
        maxLength={SMS_CODE_LENGTH}
        inputMode="numeric"
        autoComplete="one-time-code"
        prefix={<MessageOutlined className="field-icon" />}
        placeholder={t('auth.smsCodePlaceholder')}
        size={size}
        aria-label={t('auth.smsCode')}
      />
      <Button
        size={size}
        onClick={sender.send}
        loading={sender.sending}
        disabled={sender.waiting}
        className="sms-send-button"
        data-testid="send-sms-code"
      >
        {sender.label}
      </Button>
    </Space.Compact>
  );
}

import { MessageOutlined } from '@ant-design/icons';
import { SMS_CODE_LENGTH, SMS_RESEND_SECONDS } from '@lvb/contracts/limits';
import type { SmsPurpose } from '@lvb/contracts/identity';
import { Button, Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '@/shared/lib/notify';
import { sendSmsCode } from '@/shared/lib/sms-code';

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
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1_000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const send = async () => {
    const tel = await getPhone();
    if (!tel) return;
    setSending(true);
    try {
      onSent(await sendSmsCode(tel, purpose));
      feedback().message.success(t('auth.codeSent'));
      setSecondsLeft(SMS_RESEND_SECONDS);
    } catch {
      // The request wrapper has shown the reason (e.g. the 60 s limit).
    } finally {
      setSending(false);
    }
  };

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
        onClick={send}
        loading={sending}
        disabled={secondsLeft > 0}
        className="sms-send-button"
        data-testid="send-sms-code"
      >
        {secondsLeft > 0 ? t('auth.resendIn', { seconds: secondsLeft }) : t('auth.sendCode')}
      </Button>
    </Space.Compact>
  );
}

import { CAPTCHA_TIMEOUT_MS, SMS_RESEND_SECONDS } from '@lvb/contracts/limits';
import type { SmsPurpose } from '@lvb/contracts/identity';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from './notify';
import { request } from './request';

/** GET /api/common/common/code: sends a 6-digit code to the phone; answers the `uuid` of the request. */
export async function sendSmsCode(tel: string, purpose: SmsPurpose): Promise<string> {
  const body = await request('/api/common/common/code', {
    params: { tel, purpose },
    withToken: false,
    timeout: CAPTCHA_TIMEOUT_MS,
  });
  return String(body.uuid ?? '');
}

/**
 * The send button of an SMS code field, antd's or plain: sends a code to the phone `getPhone`
 * answers (undefined after it has shown why there is none), tells the user, and counts down
 * SMS_RESEND_SECONDS before it can send again.
 */
export function useSmsCodeSender({
  getPhone,
  purpose,
  onSent,
}: {
  getPhone: () => string | undefined | Promise<string | undefined>;
  purpose: SmsPurpose;
  onSent: (uuid: string) => void;
}) {
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

  return {
    send: () => void send(),
    sending,
    waiting: secondsLeft > 0,
    label: secondsLeft > 0 ? t('auth.resendIn', { seconds: secondsLeft }) : t('auth.sendCode'),
  };
}

import { randomUUID } from 'node:crypto';
import { SMS_RESEND_SECONDS, type SmsPurpose } from '@lvb/contracts';
import type { Db } from '../../db/client.ts';
import { text, type Text } from '../../i18n/text.ts';
import { AppError, badRequest, tooMany } from '../../lib/errors.ts';
import { keyedHash, newNumericCode, sameHex } from '../../lib/secrets.ts';
import type { SmsProvider } from './sms.providers.ts';
import { smsRepository } from './sms.repository.ts';
import { smsInBothLanguages } from './sms-text.ts';

export const SMS_CODE_TTL_MINUTES = 5;
export const SMS_MAX_TRIES = 5;
const WRONG_CODE = text('the SMS code is wrong or has expired', '短信验证码错误或已过期');

interface SmsDeps {
  db: Db;
  provider: SmsProvider;
  secret: string;
}

/** What a code is for, in both languages. */
const PURPOSE_TEXT: Record<SmsPurpose, Text> = {
  login: text('sign-in', '登录'),
  register: text('registration', '注册'),
  reset: text('password reset', '重置密码'),
};

/** The code SMS, Chinese first then English (`smsInBothLanguages`). */
export const codeMessage = (purpose: SmsPurpose, code: string) =>
  smsInBothLanguages(
    text(
      `Your ${PURPOSE_TEXT[purpose].en} code is ${code}. It is valid for ${SMS_CODE_TTL_MINUTES} minutes. Do not share it.`,
      `您的${PURPOSE_TEXT[purpose].zh}验证码为 ${code}，${SMS_CODE_TTL_MINUTES} 分钟内有效，请勿告诉他人。`,
    ),
  );

/**
 * SMS verification codes: six digits from a cryptographic generator, valid five minutes, one use,
 * at most five tries, one send per phone every 60 s, stored keyed-hashed and bound to phone and
 * purpose.
 */
export function createSmsService({ db, provider, secret }: SmsDeps) {
  const hashCode = (tel: string, purpose: string, code: string) => keyedHash(secret, `${tel}:${purpose}:${code}`);

  return {
    /**
     * Sends a code unless `deliver` is false (the caller knows the phone has no account and must
     * not reveal that): the answer looks the same either way.
     */
    async send(tel: string, purpose: SmsPurpose, deliver = true): Promise<string> {
      const code = newNumericCode();
      const id = randomUUID();
      const { wait: seconds } = await smsRepository.storeCodeUnlessRecent(
        db,
        { id, tel, purpose, codeHash: hashCode(tel, purpose, code), ttlMinutes: SMS_CODE_TTL_MINUTES },
        SMS_RESEND_SECONDS,
      );
      if (seconds !== undefined) {
        throw tooMany(
          text(`please wait ${seconds} seconds before requesting another code`, `请 ${seconds} 秒后再获取验证码`),
        );
      }
      if (deliver) {
        try {
          await provider.send(tel, codeMessage(purpose, code));
        } catch {
          await smsRepository.deleteCode(db, id);
          throw new AppError(
            501,
            text('the SMS could not be sent, please try again later', '短信发送失败，请稍后再试'),
            502,
          );
        }
      }
      return id;
    },

    /**
     * Checks and consumes a code. With `uuid` the code of that request is checked; without it,
     * the newest live code for the phone and purpose. Throws when wrong, used, expired, or tried
     * too often.
     */
    async verify(tel: string, purpose: SmsPurpose, code: string, uuid?: string): Promise<void> {
      if (!/^\d{6}$/.test(code) || (uuid !== undefined && !/^[0-9a-f-]{36}$/i.test(uuid))) throw badRequest(WRONG_CODE);
      const accepted = await smsRepository.judgeCode(db, { tel, purpose, id: uuid }, (row) => {
        if (!row || !row.live || row.attempts >= SMS_MAX_TRIES) return { result: false };
        // The failed try is counted (committed) before the refusal is answered.
        if (!sameHex(row.codeHash, hashCode(tel, purpose, code))) return { mark: 'tried', result: false };
        return { mark: 'used', result: true };
      });
      if (!accepted) throw badRequest(WRONG_CODE);
    },
  };
}
export type SmsService = ReturnType<typeof createSmsService>;

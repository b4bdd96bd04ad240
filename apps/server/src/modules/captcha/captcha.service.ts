import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { text } from '../../i18n/text.ts';
import { badRequest } from '../../lib/errors.ts';
import { keyedHash, sameHex } from '../../lib/secrets.ts';
import { captchaPng, randomAnswer } from './captcha.image.ts';
import { captchaRepository } from './captcha.repository.ts';

export const CAPTCHA_TTL_SECONDS = 120;
const WRONG_CAPTCHA = text(
  'the captcha is wrong or has expired, please try a new one',
  '验证码错误或已过期，请重新获取',
);

interface CaptchaDeps {
  db: Db;
  enabled: boolean;
  secret: string;
  /** Tests pass a fixed text; production draws a random one. */
  drawText?: () => string;
}

/** Image captchas: each answer is stored keyed-hashed, usable once, for two minutes. */
export function createCaptchaService({ db, enabled, secret, drawText }: CaptchaDeps) {
  const hashAnswer = (answer: string) => keyedHash(secret, answer.trim().toLowerCase());
  return {
    enabled,
    async issue(width: number) {
      if (!enabled) return { captchaEnabled: false as const };
      const height = Math.round(width / 3);
      const answer = drawText ? drawText() : randomAnswer();
      const img = await captchaPng(answer, width, height);
      const id = randomUUID();
      await captchaRepository.insert(db, id, hashAnswer(answer), CAPTCHA_TTL_SECONDS);
      return { captchaEnabled: true as const, uuid: id, img };
    },

    /** Checks and consumes an answer; throws when it is wrong, used or expired. */
    async verify(uuid: string | null | undefined, answer: string | null | undefined) {
      if (!enabled) return;
      if (!uuid || !answer || !/^[0-9a-f-]{36}$/i.test(uuid)) throw badRequest(WRONG_CAPTCHA);
      // Deleting first makes the answer single-use even under concurrent attempts.
      const row = await captchaRepository.consume(db, uuid);
      if (!row || !row.live || !sameHex(row.answerHash, hashAnswer(answer))) throw badRequest(WRONG_CAPTCHA);
    },

    purgeExpired: () => captchaRepository.purgeExpired(db),
  };
}
export type CaptchaService = ReturnType<typeof createCaptchaService>;

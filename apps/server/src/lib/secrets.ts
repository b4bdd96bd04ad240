import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { atMostAtOnce } from './at-most-at-once.ts';

/** A session token: 256 random bits, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');

export const sha256Hex = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/** Keyed hash for short secrets (SMS codes, captcha answers) that must not be guessable offline. */
export const keyedHash = (secret: string, value: string) =>
  createHmac('sha256', secret).update(value, 'utf8').digest('hex');

export function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Six digits from the cryptographic generator. */
export const newNumericCode = (length = 6) => Array.from({ length }, () => randomInt(0, 10).toString()).join('');

/** Argon2id (algorithm 2) with the OWASP minimum cost. */
const argonOptions = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/**
 * Each argon2 computation holds its `memoryCost` (19 MiB) while it runs on a thread of libuv's pool
 * (4 threads). At most two run at once, the others wait their turn: a burst of sign-ins then costs
 * 38 MiB instead of 76, two of the pool's threads stay free for file reads, and on two cores more
 * computations at once would not end any sooner.
 */
const argon2Turn = atMostAtOnce(2);

export const hashPassword = (password: string) => argon2Turn(() => hash(password, argonOptions));

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await argon2Turn(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

/**
 * A hash that never matches, checked when an account does not exist so that an unknown user
 * costs the same time as a wrong password.
 */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

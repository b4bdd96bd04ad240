import { createHmac } from 'node:crypto';
import { blockCounter, blockIntegers, drawKeyMessage, shuffleWith } from '@lvb/contracts/draw';

/**
 * DESIGN §7's draw order computed synchronously with Node's HMAC, for rankings that order ties
 * inside a synchronous sort; the same shuffle as `drawOrder` of packages/contracts (which the
 * browser runs on Web Crypto), and a test proves both answer alike.
 */
export function drawOrderSync(seed: Uint8Array, listHash: string, entropy: string, n: number): number[] {
  const key = createHmac('sha256', seed).update(drawKeyMessage(listHash, entropy), 'utf8').digest();
  let k = 0;
  let queue: number[] = [];
  return shuffleWith(n, () => {
    if (queue.length === 0) queue = blockIntegers(createHmac('sha256', key).update(blockCounter(k++)).digest());
    return queue.shift()!;
  });
}

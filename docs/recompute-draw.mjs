#!/usr/bin/env node
// Re-computes a published pool draw from what /extract publishes, with nothing but Node.js (18+):
//   node docs/recompute-draw.mjs https://platform.example/api/public/draws/12
//   node docs/recompute-draw.mjs draw.json        (the same answer saved to a file)
// It checks DESIGN §7 "The draw, exactly": listHash = SHA-256 of the list text, commitment =
// SHA-256 of the seed, and the order derived from seed, listHash and entropy.
import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';

const source = process.argv[2];
if (!source) {
  console.error('usage: node recompute-draw.mjs <URL of /api/public/draws/{id} | saved JSON file>');
  process.exit(2);
}
const body = /^https?:/.test(source) ? await (await fetch(source)).json() : JSON.parse(readFileSync(source, 'utf8'));
const draw = body.data ?? body;
if (!draw.seed) {
  console.log(`Not drawn yet: commitment ${draw.commitment}; the seed is revealed at the draw.`);
  process.exit(0);
}

const sha256 = (data) => createHash('sha256').update(data).digest('hex');
const seed = Buffer.from(draw.seed, 'hex');
const listHash = sha256(Buffer.from(draw.listText, 'utf8'));
const n = draw.listText.split('\n').filter((line) => line !== '').length;

// key = HMAC-SHA-256(seed, listHash ":" entropy); block k = HMAC-SHA-256(key, k as 4 bytes big-endian).
const key = createHmac('sha256', seed)
  .update(`${listHash}:${draw.entropy ?? ''}`, 'utf8')
  .digest();
let block = 0;
let queue = [];
const next = () => {
  if (queue.length === 0) {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(block++);
    const bytes = createHmac('sha256', key).update(counter).digest();
    queue = Array.from({ length: 8 }, (_, i) => bytes.readUInt32BE(i * 4));
  }
  return queue.shift();
};
const order = Array.from({ length: n }, (_, i) => i);
for (let i = n - 1; i >= 1; i--) {
  const m = i + 1;
  const limit = Math.floor(2 ** 32 / m) * m;
  let r = next();
  while (r >= limit) r = next();
  const j = r % m;
  [order[i], order[j]] = [order[j], order[i]];
}

const lines = draw.listText.split('\n');
const checks = [
  ['list hash', listHash === draw.listHash],
  ['commitment', sha256(seed) === draw.commitment],
  ['order', JSON.stringify(order) === JSON.stringify(draw.order)],
];
for (const [what, ok] of checks) console.log(`${ok ? 'matches' : 'DOES NOT MATCH'}: ${what}`);
console.log('order:');
order.forEach((position, rank) => console.log(`  ${rank + 1}. ${lines[position]}`));
process.exit(checks.every(([, ok]) => ok) ? 0 : 1);

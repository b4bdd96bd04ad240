import { createHash, randomBytes } from 'node:crypto';
import type { Tx } from '../../db/client.ts';
import { openSecret, sealSecret } from '../bids/bid-crypto.ts';
import { scoringRepository } from './scoring.repository.ts';

const label = (projectId: number) => `panel-seed:project:${projectId}`;

/**
 * Makes the seed of a best-value project's panel draw when its announcement is published, and
 * answers the commitment the announcement carries (SHA-256 of the seed's bytes): the seed is fixed
 * before anyone knows the bidders or the list, so nobody can choose it to favour an expert.
 */
export async function commitPanelSeed(tx: Tx, projectId: number, masterKey: Buffer): Promise<string> {
  const seed = randomBytes(32);
  try {
    const commitment = createHash('sha256').update(seed).digest('hex');
    return (
      await scoringRepository.insertPanelSeed(tx, projectId, sealSecret(masterKey, seed, label(projectId)), commitment)
    ).commitment;
  } finally {
    seed.fill(0);
  }
}

/** The committed panel seed's bytes, for the draw that reveals it. */
export function openPanelSeed(row: { projectId: number; sealedSeed: string }, masterKey: Buffer): Buffer {
  return openSecret(masterKey, row.sealedSeed, label(row.projectId));
}

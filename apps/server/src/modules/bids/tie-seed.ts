import { createHash, randomBytes } from 'node:crypto';
import type { Db, Tx } from '../../db/client.ts';
import { openSecret, sealSecret } from './bid-crypto.ts';
import { bidsRepository } from './bids.repository.ts';

const label = (projectId: number) => `tie-seed:project:${projectId}`;

/**
 * Makes the project's tie seed when its announcement is published, and answers the commitment the
 * announcement carries (SHA-256 of the seed's bytes); a project already committed keeps its seed.
 */
export async function commitTieSeed(tx: Tx, projectId: number, masterKey: Buffer): Promise<string> {
  const seed = randomBytes(32);
  try {
    const commitment = createHash('sha256').update(seed).digest('hex');
    return (
      await bidsRepository.insertTieSeed(tx, projectId, sealSecret(masterKey, seed, label(projectId)), commitment)
    ).commitment;
  } finally {
    seed.fill(0);
  }
}

/** The committed tie seed (hex) for the opening that reveals it, and its commitment; none for a project announced before commitments. */
export async function openTieSeed(conn: Db | Tx, projectId: number, masterKey: Buffer) {
  const row = await bidsRepository.tieSeed(conn, projectId);
  if (!row) return undefined;
  return { seed: openSecret(masterKey, row.sealedSeed, label(projectId)).toString('hex'), commitment: row.commitment };
}

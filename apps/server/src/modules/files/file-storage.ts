import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploaded bytes live. Names are always server-made: never a path from a request. */
export interface FileStorage {
  save(storedName: string, bytes: Buffer): Promise<void>;
  open(storedName: string): Promise<Readable | null>;
}

export const STORED_NAME = /^[a-f0-9]{32}\.[a-z0-9]{2,5}$/;

/** Local disk under `root`, fanned out by the first two characters of the name. */
export function localFileStorage(root: string): FileStorage {
  const where = (name: string) => {
    if (!STORED_NAME.test(name)) throw new Error('not a stored file name');
    return path.join(root, name.slice(0, 2), name);
  };
  return {
    async save(name, bytes) {
      const file = where(name);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes, { flag: 'wx' });
    },
    async open(name) {
      const file = where(name);
      try {
        await stat(file);
      } catch {
        return null;
      }
      return createReadStream(file);
    },
  };
}

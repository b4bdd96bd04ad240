import { count, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { projects } from './projects.table.ts';

/** The master-data references a project holds, by the column that holds them. */
export type ProjectReference = 'typeId' | 'subCategoryId' | 'placeId';

/**
 * Queries on the projects tables; the only place that touches them (docs/architecture.md).
 */
export const projectsRepository = {
  /** How many projects refer to any of `ids` through `column` (master data still in use). */
  async countReferencing(db: Db | Tx, column: ProjectReference, ids: number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const [row] = await db.select({ n: count() }).from(projects).where(inArray(projects[column], ids));
    return row?.n ?? 0;
  },
};

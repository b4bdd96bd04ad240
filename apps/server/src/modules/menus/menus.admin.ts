/** The tree builder moved to lib/tree.ts; kept here until its last importer switches. */
export { buildTree } from '../../lib/tree.ts';

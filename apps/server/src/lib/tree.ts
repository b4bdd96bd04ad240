/** One node of a labelled tree (places, departments, menus), as the tree selects of the web take it. */
export interface TreeNode {
  id: number;
  label: string;
  labelZh: string;
  children?: TreeNode[];
}

/**
 * Builds the labelled tree of rows that name their parent. A row whose parent is not among the
 * rows is a root, so a filtered list still shows every row it holds.
 */
export function buildTree<T extends { id: number; parentId: number }>(
  rows: T[],
  label: (r: T) => { label: string; labelZh: string },
): TreeNode[] {
  const children = new Map<number, T[]>();
  for (const r of rows) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r]);
  const ids = new Set(rows.map((r) => r.id));
  const make = (r: T): TreeNode => {
    const kids = (children.get(r.id) ?? []).map(make);
    return { id: r.id, ...label(r), ...(kids.length > 0 ? { children: kids } : {}) };
  };
  return rows.filter((r) => !ids.has(r.parentId)).map(make);
}

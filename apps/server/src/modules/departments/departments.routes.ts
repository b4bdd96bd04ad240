import { deptBody } from '@lvb/contracts/admin';
import { and, asc, count, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { text } from '../../i18n/text.ts';
import { scopeCondition } from '../../lib/data-scope.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { idParam } from '../../lib/id-params.ts';
import { ok, okWith } from '../../lib/route-helpers.ts';
import { users } from '../accounts/accounts.table.ts';
import { buildTree } from '../menus/menus.admin.ts';
import type { SignedInUser } from '../sessions/sessions.service.ts';
import { departments } from './departments.table.ts';

const perm = (action: string) => `system:dept:${action}`;
const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const deptRow = z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  ancestors: z.string(),
  name: z.string(),
  kind: z.string(),
  leader: z.string().nullable(),
  phone: z.string().nullable(),
  orderNum: z.number(),
  status: z.string(),
  createdAt: z.date(),
});
interface Node {
  id: number;
  label: string;
  labelZh: string;
  children?: Node[];
}
const treeNode: z.ZodType<Node> = z.lazy(() =>
  z.object({ id: z.number(), label: z.string(), labelZh: z.string(), children: z.array(treeNode).optional() }),
);

/** Departments the actor's data scope covers; the self-only scope sees its own department. */
function inScope(actor: SignedInUser): SQL | undefined {
  const scoped = scopeCondition(actor, { deptId: departments.id, ownerId: sql`-1` });
  return scoped ? or(scoped, eq(departments.id, actor.deptId ?? -1)) : undefined;
}

/** The department tree: list, tree options for pickers, create, edit (and move), remove. */
export async function departmentsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['departments'];

  async function visible(actor: SignedInUser, id: number) {
    const [row] = await db
      .select()
      .from(departments)
      .where(and(eq(departments.id, id), inScope(actor)));
    if (!row) throw notFound(text('department does not exist', '部门不存在'));
    return row;
  }

  r.get('/api/system/depts', {
    config: { access: { permission: perm('list') } },
    schema: {
      tags,
      summary: 'Departments, flat, in order (the client builds the tree)',
      querystring: z.object({ name: z.string().trim().max(100).optional(), status: z.enum(['0', '1']).optional() }),
      response: { 200: okWith({ data: z.array(deptRow) }) },
    },
    handler: async (req) => {
      const data = await db
        .select()
        .from(departments)
        .where(
          and(
            inScope(req.user!),
            req.query.name ? ilike(departments.name, like(req.query.name)) : undefined,
            req.query.status ? eq(departments.status, req.query.status) : undefined,
          ),
        )
        .orderBy(asc(departments.parentId), asc(departments.orderNum), asc(departments.id));
      return { code: 200 as const, msg: 'ok', data };
    },
  });

  r.get('/api/system/depts/tree', {
    config: {
      access: {
        permission: [
          perm('list'),
          'system:user:list',
          'manager:auser:list',
          'people:staff:list',
          'people:auditor:list',
          'people:supervisor:list',
          'people:owner:list',
        ],
      },
    },
    schema: {
      tags,
      summary: 'The department tree for pickers',
      response: { 200: okWith({ data: z.array(treeNode) }) },
    },
    handler: async (req) => {
      const rows = await db
        .select()
        .from(departments)
        .where(and(eq(departments.status, '0'), inScope(req.user!)))
        .orderBy(asc(departments.parentId), asc(departments.orderNum), asc(departments.id));
      const tree = buildTree(
        rows.map((d) => ({ ...d, parentId: d.parentId ?? 0 })),
        (d) => ({ label: d.name, labelZh: d.name }),
      );
      return { code: 200 as const, msg: 'ok', data: tree };
    },
  });

  r.get('/api/system/depts/:id', {
    config: { access: { permission: perm('query') } },
    schema: { tags, summary: 'One department', params: idParam, response: { 200: okWith({ data: deptRow }) } },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', data: await visible(req.user!, req.params.id) }),
  });

  r.post('/api/system/depts', {
    config: { access: { permission: perm('add') } },
    schema: {
      tags,
      summary: 'Create a department',
      body: deptBody,
      response: { 200: okWith({ data: z.object({ id: z.number() }) }) },
    },
    handler: async (req) => {
      const parent = await visible(req.user!, req.body.parentId).catch(() => {
        throw badRequest(text('parentId: the parent department does not exist', '上级部门不存在'));
      });
      const [row] = await db
        .insert(departments)
        .values({ ...req.body, phone: req.body.phone || null, ancestors: `${parent.ancestors},${parent.id}` })
        .returning({ id: departments.id });
      return { code: 200 as const, msg: 'department created', data: { id: row!.id } };
    },
  });

  r.put('/api/system/depts/:id', {
    config: { access: { permission: perm('edit') } },
    schema: { tags, summary: 'Edit or move a department', params: idParam, body: deptBody, response: { 200: ok } },
    handler: async (req) => {
      const id = req.params.id;
      const current = await visible(req.user!, id);
      if (current.parentId === null)
        throw forbidden(text('the root department cannot be moved or edited here', '根部门不能在此移动或修改'));
      const parent = await visible(req.user!, req.body.parentId).catch(() => {
        throw badRequest(text('parentId: the parent department does not exist', '上级部门不存在'));
      });
      if (parent.id === id || `,${parent.ancestors},`.includes(`,${id},`)) {
        throw badRequest(text('parentId: a department cannot be moved under itself', '部门不能移到其自身之下'));
      }
      const ancestors = `${parent.ancestors},${parent.id}`;
      await db.transaction(async (tx) => {
        await tx
          .update(departments)
          .set({ ...req.body, phone: req.body.phone || null, ancestors })
          .where(eq(departments.id, id));
        // Descendants keep their place under the moved department: rewrite their ancestor paths.
        const oldPrefix = `${current.ancestors},${id}`;
        await tx.execute(sql`update departments set ancestors = ${`${ancestors},${id}`} || substr(ancestors, ${oldPrefix.length + 1})
          where ancestors = ${oldPrefix} or ancestors like ${`${oldPrefix},%`}`);
      });
      return { code: 200 as const, msg: 'department saved' };
    },
  });

  r.delete('/api/system/depts/:id', {
    config: { access: { permission: perm('remove') } },
    schema: {
      tags,
      summary: 'Remove a department without sub-departments or users',
      params: idParam,
      response: { 200: ok },
    },
    handler: async (req) => {
      const id = req.params.id;
      const current = await visible(req.user!, id);
      if (current.parentId === null) throw forbidden(text('the root department cannot be removed', '根部门不能删除'));
      const [kids] = await db.select({ n: count() }).from(departments).where(eq(departments.parentId, id));
      if ((kids?.n ?? 0) > 0) throw badRequest(text('remove its sub-departments first', '请先删除其下级部门'));
      const [members] = await db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.deptId, id), isNull(users.deletedAt)));
      if ((members?.n ?? 0) > 0)
        throw badRequest(text('the department still has users: move them first', '该部门下仍有用户，请先将其调出'));
      await db.transaction(async (tx) => {
        // Removed accounts keep their rows for the logs; they let go of the department.
        await tx
          .update(users)
          .set({ deptId: null })
          .where(and(eq(users.deptId, id), isNotNull(users.deletedAt)));
        await tx.delete(departments).where(eq(departments.id, id));
      });
      return { code: 200 as const, msg: 'removed' };
    },
  });
}

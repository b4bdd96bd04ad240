// The ceiling: a bare Node http server answering the hall listing and the project detail, each
// with one prepared statement doing the same database work as the real route (the same public
// statuses, filters, joins, sort, page and total from the kept totals; the same documents and
// notices), no framework, no validation, the answer's envelope written with JSON.stringify.
import http from 'node:http';
import pg from 'pg';
import { PUBLIC_STATUSES } from '@lvb/contracts/project-workflow';

// Money is a bigint column; the real server answers it as a number too.
pg.types.setTypeParser(pg.types.builtins.INT8, Number);
// The same sessions as the server's hall: generic plans from the first run.
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: 6,
  options: '-c plan_cache_mode=force_generic_plan -c TimeZone=UTC',
});
const port = Number(process.env.PORT ?? 18190);
const statuses = [...PUBLIC_STATUSES];

const COLUMNS = `p.id, p.code, p.name, d.name as "ownerName", p.type_id as "typeId", t.name as "typeName",
  t.name_zh as "typeNameZh", p.place_id as "placeId", pl.name as "placeName", pl.name_zh as "placeNameZh", p.budget,
  p.model, p.guarantee_required as "guaranteeRequired", p.guarantee_amount as "guaranteeAmount",
  p.signup_start as "signupStart", p.bid_deadline as "bidDeadline", p.opening_at as "openingAt", p.status,
  p.published_at as "publishedAt",
  case when p.status <> 'published' then 'closed' when app_now() < p.signup_start then 'not_started'
    when app_now() < p.bid_deadline then 'open' else 'closed' end as signup`;
const JOINS = `projects p join project_types t on t.id = p.type_id join places pl on pl.id = p.place_id
  join departments d on d.id = p.owner_dept_id`;

// The page as one JSON text with its total, as the server asks for it.
const LIST = {
  name: 'hall-list',
  text: `select coalesce(json_agg(page), '[]')::text as rows,
           (select coalesce(sum(h.n), 0)::int from project_hall_totals h
            where h.status = any($1) and h.type_id = $2 and h.model = $3) as total
         from (select ${COLUMNS}
               from ${JOINS}
               where p.status = any($1) and p.published_at is not null and p.type_id = $2 and p.model = $3
               order by p.published_at desc, p.id desc limit $4 offset $5) page`,
};
const DETAIL = {
  name: 'hall-detail',
  text: `select ${COLUMNS}, p.qualification, p.description, p.contact_name as "contactName",
           p.contact_tel as "contactTel", p.min_participants as "minParticipants", p.status_reason as "statusReason",
           (select coalesce(json_agg(json_build_object('fileName', f.stored_name, 'originalName', f.original_name,
              'size', f.size) order by f.id), '[]'::json)
            from files f where f.record_type = 'project' and f.record_id = p.id) as documents,
           (select coalesce(json_agg(json_build_object('id', n.id, 'title', n.title, 'noticeType', n.notice_type,
              'projectId', n.project_id, 'createdAt', n.created_at) order by n.created_at desc, n.id desc), '[]'::json)
            from notices n where n.project_id = p.id and n.status = '0' and n.audience = 'all') as notices
         from ${JOINS}
         where p.id = $1 and p.status = any($2) and p.published_at is not null`,
};

function send(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

http
  .createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    try {
      if (url.pathname === '/list') {
        const q = url.searchParams;
        const pageSize = Number(q.get('pageSize') ?? 20);
        const offset = (Number(q.get('pageNum') ?? 1) - 1) * pageSize;
        const { rows } = await pool.query({
          ...LIST,
          values: [statuses, Number(q.get('typeId')), Number(q.get('model')), pageSize, offset],
        });
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        res.end(`{"code":200,"msg":"ok","rows":${rows[0].rows},"total":${rows[0].total}}`);
      } else {
        const id = Number(url.pathname.split('/').pop());
        const { rows } = await pool.query({ ...DETAIL, values: [id, statuses] });
        if (rows.length === 0) send(res, 404, { code: 404, msg: 'project does not exist' });
        else send(res, 200, { code: 200, msg: 'ok', data: rows[0] });
      }
    } catch (err) {
      send(res, 500, { code: 500, msg: String(err) });
    }
  })
  .listen(port, '127.0.0.1');

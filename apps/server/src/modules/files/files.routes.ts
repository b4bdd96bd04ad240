import { randomBytes } from 'node:crypto';
import { UPLOAD_MAX_FILES, UPLOAD_MAX_MB } from '@lvb/contracts/limits';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { text } from '../../i18n/text.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { okWith } from '../../lib/route-helpers.ts';
import { STORED_NAME, type FileStorage } from './file-storage.ts';
import { checkFile, type UploadKind } from './file-types.ts';
import { allowFileRead } from './files.policy.ts';
import { files } from './files.table.ts';

const MAX_BYTES = UPLOAD_MAX_MB * 1024 * 1024;

const uploaded = z.object({
  fileName: z.string(),
  originalFilename: z.string(),
  url: z.string(),
  size: z.number(),
  kind: z.string(),
});
const uploadAnswer = okWith({
  fileName: z.string(),
  originalFilename: z.string(),
  url: z.string(),
  files: z.array(uploaded),
});

/** Only names the server issued; anything with a path in it fails here. */
const storedName = z.string().regex(STORED_NAME, 'not a file name this server issued');

/**
 * Uploads: multipart, at most 5 files of 5 MB each, checked by name and by content, stored under
 * a name the server makes. Downloads: only by that name, only to those allowed to see the record
 * the file belongs to, always as an attachment.
 */
const FILE_MISSING = text('file does not exist', '文件不存在');

export async function filesRoutes(app: FastifyInstance, { db, storage }: { db: Db; storage: FileStorage }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['files'];

  async function receive(req: FastifyRequest, kinds: UploadKind[], recordType: string | null) {
    if (!req.isMultipart())
      throw badRequest(
        text(
          'send the file as multipart/form-data in the field "file"',
          '请以 multipart/form-data 格式在 file 字段中上传文件',
        ),
      );
    const accepted: z.infer<typeof uploaded>[] = [];
    const parts = req.files({ limits: { fileSize: MAX_BYTES, files: UPLOAD_MAX_FILES + 1 } });
    const staged: { name: string; bytes: Buffer; ext: string; mime: string; kind: UploadKind }[] = [];
    for await (const part of parts) {
      if (staged.length >= UPLOAD_MAX_FILES)
        throw badRequest(
          text(
            `the number of uploaded files cannot exceed ${UPLOAD_MAX_FILES}`,
            `上传文件数量不能超过 ${UPLOAD_MAX_FILES} 个`,
          ),
        );
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch {
        throw badRequest(
          text(
            `${part.filename}: the file is larger than ${UPLOAD_MAX_MB} MB`,
            `${part.filename}：文件大小超过 ${UPLOAD_MAX_MB} MB`,
          ),
        );
      }
      const original = part.filename.replace(/[\\/]/g, '_').slice(-200) || 'file';
      const result = await checkFile(original, bytes, kinds);
      if ('problem' in result) {
        throw badRequest(text(`${original}: ${result.problem.en}`, `${original}：${result.problem.zh}`));
      }
      const kind: UploadKind = ['png', 'jpg', 'jpeg'].includes(result.ext) ? 'image' : 'document';
      staged.push({ name: original, bytes, kind, ...result });
    }
    if (staged.length === 0) throw badRequest(text('choose a file to upload', '请选择要上传的文件'));
    // Every file is checked before any is stored: a refused batch leaves nothing behind.
    for (const f of staged) {
      const name = `${randomBytes(16).toString('hex')}.${f.ext}`;
      await storage.save(name, f.bytes);
      await db.insert(files).values({
        storedName: name,
        originalName: f.name,
        mime: f.mime,
        size: f.bytes.length,
        kind: f.kind,
        uploadedBy: req.user!.id,
        companyId: req.user!.company?.id ?? null,
        recordType,
      });
      accepted.push({
        fileName: name,
        originalFilename: f.name,
        url: `/common/download?fileName=${name}`,
        size: f.bytes.length,
        kind: f.kind,
      });
    }
    const first = accepted[0]!;
    return {
      code: 200 as const,
      msg: 'uploaded',
      fileName: first.fileName,
      originalFilename: first.originalFilename,
      url: first.url,
      files: accepted,
    };
  }

  r.post('/common/upload', {
    config: { access: { signedIn: true } },
    schema: {
      tags,
      summary: `Upload documents (doc, xls, ppt, txt, pdf and their newer forms) or images (png, jpg), at most ${UPLOAD_MAX_FILES} of ${UPLOAD_MAX_MB} MB`,
      consumes: ['multipart/form-data'],
      response: { 200: uploadAnswer },
    },
    handler: (req) => receive(req, ['document', 'image'], null),
  });

  r.post('/api/letter/letterModel/uploadFile', {
    config: { access: { permission: ['guarantee:product:edit', 'guarantee:product:add'] } },
    schema: {
      tags,
      summary: 'Upload a letterhead or seal image (or a template document) for letter templates',
      consumes: ['multipart/form-data'],
      response: { 200: uploadAnswer },
    },
    handler: (req) => receive(req, ['image', 'document'], 'letter-template'),
  });

  async function send(req: FastifyRequest, reply: FastifyReply, name: string) {
    const [file] = await db.select().from(files).where(eq(files.storedName, name));
    if (!file) throw notFound(FILE_MISSING);
    if (!allowFileRead(req.user!, file)) throw forbidden();
    const stream = await storage.open(name);
    if (!stream) throw notFound(FILE_MISSING);
    const ascii = file.originalName.replace(/[^\w.-]/g, '_');
    return reply
      .header('content-type', file.mime)
      .header('content-length', file.size)
      .header(
        'content-disposition',
        `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.originalName)}`,
      )
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(stream);
  }

  r.get('/common/download', {
    config: { access: { signedIn: true } },
    schema: {
      tags,
      summary: 'Download a file by the name the upload answered',
      querystring: z.object({ fileName: storedName }),
    },
    handler: (req, reply) => send(req, reply, req.query.fileName),
  });

  r.get('/common/download/resource', {
    config: { access: { signedIn: true } },
    schema: {
      tags,
      summary: 'Download a file by the name the upload answered (resource form)',
      querystring: z.object({ resource: storedName }),
    },
    handler: (req, reply) => send(req, reply, req.query.resource),
  });
}

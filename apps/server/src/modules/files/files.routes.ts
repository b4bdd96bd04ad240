import { uploadResult } from '@lvb/contracts/files';
import { UPLOAD_MAX_FILES, UPLOAD_MAX_MB } from '@lvb/contracts/limits';
import { Perm } from '@lvb/contracts/permissions';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { text } from '../../i18n/text.ts';
import { sendDownload } from '../../lib/download.ts';
import { badRequest } from '../../lib/errors.ts';
import { okWith } from '../../lib/route-helpers.ts';
import { STORED_NAME } from './file-storage.ts';
import type { UploadKind } from './file-types.ts';
import { createFilesService, MAX_UPLOAD_BYTES } from './files.service.ts';

const uploadAnswer = okWith(uploadResult.shape);

/** Only names the server issued; anything with a path in it fails here. */
const storedName = z.string().regex(STORED_NAME, 'not a file name this server issued');

/** The most of a refused upload's body read to keep its connection: what an accepted request may carry. */
const DRAIN_MAX_BYTES = (UPLOAD_MAX_FILES + 1) * MAX_UPLOAD_BYTES;
const DRAIN_MAX_MS = 10_000;

/**
 * Keeps the connection of a refused upload in step before the refusal is answered.
 *
 * An upload is refused while its body is still arriving (a file past 5 MB is refused at its
 * 5 MB + 1st byte); the multipart parser then lets go of the request stream, and the rest of the
 * body stays unread on the socket. Node does not drop it (the stream was being consumed), so on a
 * kept-alive connection the next request waits behind it and the connection ends in a reset.
 * Two ways out: read and drop the rest, or answer `Connection: close`. Closing alone loses
 * answers: a client still sending gets a reset instead of the refusal, and browsers then show a
 * network error instead of the message. So the rest is drained, bounded: at most what an accepted
 * request may carry, for at most 10 s; a body declared larger, or one that passes either bound,
 * is answered with `Connection: close`, and the client opens a new connection for its next request.
 */
async function settleRefusedBody(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const raw = req.raw;
  if (raw.readableEnded || raw.destroyed) return;
  const declared = Number(raw.headers['content-length']);
  if (declared > DRAIN_MAX_BYTES) {
    reply.header('connection', 'close');
    return;
  }
  // The parser's pipe, if it still holds the stream, would stop reading once nobody takes its parts.
  raw.unpipe();
  const drained = await new Promise<boolean>((resolve) => {
    let seen = 0;
    const done = (ok: boolean) => {
      clearTimeout(timer);
      raw.off('data', onData).off('end', onEnd).off('error', onFail).off('close', onClose);
      if (!ok) raw.pause();
      resolve(ok);
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > DRAIN_MAX_BYTES) done(false);
    };
    const onEnd = () => done(true);
    const onFail = () => done(false);
    const onClose = () => done(raw.readableEnded);
    const timer = setTimeout(onFail, DRAIN_MAX_MS);
    raw.on('data', onData).once('end', onEnd).once('error', onFail).once('close', onClose);
    raw.resume();
  });
  if (!drained) reply.header('connection', 'close');
}

/**
 * Uploads: multipart, checked and stored by the files service. Downloads: only by the name the
 * upload answered, only to those allowed to see the record the file belongs to, always as an
 * attachment.
 */
export async function filesRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['files'];
  const filesService = createFilesService({ db });

  async function receive(req: FastifyRequest, reply: FastifyReply, kinds: UploadKind[], recordType: string | null) {
    if (!req.isMultipart())
      throw badRequest(
        text(
          'send the file as multipart/form-data in the field "file"',
          '请以 multipart/form-data 格式在 file 字段中上传文件',
        ),
      );
    const parts = req.files({ limits: { fileSize: MAX_UPLOAD_BYTES, files: UPLOAD_MAX_FILES + 1 } });
    let accepted: Awaited<ReturnType<typeof filesService.upload>>;
    try {
      accepted = await filesService.upload(parts, req.user!, kinds, recordType);
    } catch (err) {
      await settleRefusedBody(req, reply);
      throw err;
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
    handler: (req, reply) => receive(req, reply, ['document', 'image'], null),
  });

  r.post('/api/letter/letterModel/uploadFile', {
    config: { access: { permission: [Perm.guarantee.product.edit, Perm.guarantee.product.add] } },
    schema: {
      tags,
      summary: 'Upload a letterhead or seal image (or a template document) for letter templates',
      consumes: ['multipart/form-data'],
      response: { 200: uploadAnswer },
    },
    handler: (req, reply) => receive(req, reply, ['image', 'document'], 'letter-template'),
  });

  async function send(req: FastifyRequest, reply: FastifyReply, name: string) {
    return sendDownload(req, reply, await filesService.open(req.user!, name));
  }

  r.get('/common/download', {
    config: { access: { signedIn: true } },
    schema: {
      tags,
      summary:
        'Download a file by the name the upload answered (PDFs and images: Range and If-None-Match on their SHA-256 entity tag)',
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

import { fileTypeFromStream } from 'file-type/node';
import { DOCUMENT_TYPES, IMAGE_TYPES } from '@lvb/contracts/limits';
import { text, type Text } from '../../i18n/text.ts';
import { contentReader, type Content } from './file-storage.ts';

export type UploadKind = 'document' | 'image';

/** Office formats of today beside the legacy ones the spec names. */
const OOXML = ['docx', 'xlsx', 'pptx'] as const;
export const ALLOWED_EXTENSIONS: Record<UploadKind, readonly string[]> = {
  document: [...DOCUMENT_TYPES, ...OOXML],
  image: IMAGE_TYPES,
};

const MIME: Record<string, string> = {
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

const extensionOf = (name: string) => /\.([A-Za-z0-9]{1,5})$/.exec(name)?.[1]?.toLowerCase() ?? '';

/**
 * Plain text: valid UTF-8 without control bytes other than tab, newline and carriage return, in
 * the first 64 KB (a character cut at that edge is not held against it).
 */
function isPlainText(bytes: Buffer) {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, 64 * 1024), { stream: true });
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return false;
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks a file by its name and by its content: the extension must be allowed for the kind, and
 * the bytes must be what the extension says. Answers the extension and MIME type, or the reason
 * for refusing.
 */
export async function checkFile(
  name: string,
  content: Content,
  kinds: UploadKind[],
): Promise<{ ext: string; mime: string } | { problem: Text }> {
  const ext = extensionOf(name);
  const allowed = kinds.flatMap((k) => ALLOWED_EXTENSIONS[k]);
  if (!allowed.includes(ext)) {
    const list = allowed.join(', ');
    return { problem: text(`the file type must be one of ${list}`, `文件类型须为以下之一：${list}`) };
  }
  if (content.size === 0) return { problem: text('the file is empty', '文件内容为空') };
  const detected = await fileTypeFromStream(contentReader(content));
  const bytes = content.chunks[0]!;
  const matches = (() => {
    switch (ext) {
      case 'txt':
        return !detected && isPlainText(bytes);
      case 'jpg':
      case 'jpeg':
        return detected?.ext === 'jpg';
      case 'doc':
      case 'xls':
      case 'ppt':
        // Legacy Office files are compound documents; the container does not tell which one.
        return detected?.ext === 'cfb';
      case 'docx':
      case 'xlsx':
      case 'pptx':
        return detected?.ext === ext;
      default:
        return detected?.ext === ext;
    }
  })();
  if (!matches) return { problem: text(`the content of the file is not a ${ext} file`, `文件内容与 ${ext} 格式不符`) };
  return { ext, mime: MIME[ext] ?? 'application/octet-stream' };
}

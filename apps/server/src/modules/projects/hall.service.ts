import type { Language } from '../../i18n/text.ts';
import { AccountType } from '@lvb/contracts/access';
import type { Db } from '../../db/client.ts';
import { text } from '../../i18n/text.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { filesRepository } from '../files/files.repository.ts';
import { fileDownload } from '../files/files.service.ts';
import type { SignedInUser } from '../sessions/sessions.service.ts';
import { createHallRepository, publicProjectsRepository as records, type HallQuery } from './hall.repository.ts';

const projectMissing = () => notFound(text('project does not exist', '项目不存在'));
const fileMissing = () => notFound(text('file does not exist', '文件不存在'));

/**
 * The public side of projects: the hall, a published project's detail and documents, and the
 * projects a supplier follows. Nothing here shows a project before its publication.
 */
export function createHallService({ hallDb, db }: { hallDb: Db; db: Db }) {
  // The hall's statements are prepared once on their own connections (see Database.planOnceDb).
  const hall = createHallRepository(hallDb);

  async function publicProject(id: number) {
    const row = await records.publicProject(db, id);
    if (!row) throw projectMissing();
    return row;
  }

  return {
    listProjects: (q: HallQuery) => hall.listProjects(q),

    /** A published project's detail as JSON text (`hallProjectDetail`), in the reader's language. */
    async projectDetail(id: number, lang: Language) {
      const json = await hall.projectDetail(id, lang);
      if (json === undefined) throw projectMissing();
      return json;
    },

    /** A document of a published project, to download. */
    async document(id: number, fileName: string) {
      const p = await publicProject(id);
      const file = await filesRepository.findAttached(db, 'project', p.id, fileName);
      if (!file) throw fileMissing();
      return fileDownload(db, file);
    },

    followed: (user: SignedInUser, page: { limit: number; offset: number }) => records.followed(db, user.id, page),
    isFollowing: (user: SignedInUser, projectId: number) => records.isFollowing(db, user.id, projectId),

    async follow(user: SignedInUser, projectId: number) {
      if (user.types !== AccountType.supplier)
        throw badRequest(text('only suppliers follow projects', '只有供应商可以关注项目'));
      await publicProject(projectId);
      await records.follow(db, user.id, projectId);
    },

    unfollow: (user: SignedInUser, projectId: number) => records.unfollow(db, user.id, projectId),
  };
}
export type HallService = ReturnType<typeof createHallService>;

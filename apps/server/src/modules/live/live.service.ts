import { AccountType, hasPermission } from '@lvb/contracts/access';
import type { liveView, LiveRole } from '@lvb/contracts/live';
import { LIVE_PRESENT_SECONDS } from '@lvb/contracts/live';
import { Perm } from '@lvb/contracts/permissions';
import { Model, SEALED_MODELS } from '@lvb/contracts/projects';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { text } from '../../i18n/text.ts';
import { notFound } from '../../lib/errors.ts';
import { applicationsRepository } from '../applications/applications.repository.ts';
import { bidsRepository } from '../bids/bids.repository.ts';
import { openingRecordOf } from '../bids/bids.rules.ts';
import { witnessesOf } from '../bids/witness-presence.ts';
import { drawsRepository } from '../draws/draws.repository.ts';
import type { DrawsService } from '../draws/draws.service.ts';
import { isOwnerStaff } from '../projects/projects.policy.ts';
import { projectScope, projectsRepository, type ProjectRow } from '../projects/projects.repository.ts';
import type { SignedInUser } from '../sessions/sessions.service.ts';
import { liveRepository } from './live.repository.ts';

type LiveView = z.output<typeof liveView>;

const NO_PROJECT = text('project does not exist', '项目不存在');

/**
 * The live page of a draw or an opening. Who may watch: the owner's staff, supervisors, staff
 * whose data scope covers the project, and the supplier companies taking part (an application,
 * or a place on the draw's list); anyone else is told the project does not exist. Reading it
 * records the reader present; before the bids are opened (or the draw is made) the other
 * bidders are only counted.
 */
export function createLiveService({ db, draws }: { db: Db; draws: DrawsService }) {
  async function roleOf(actor: SignedInUser, project: ProjectRow, drawCompanies: Set<number>) {
    if (actor.types === AccountType.supplier) {
      const companyId = actor.company?.id;
      if (!companyId) return undefined;
      const application = await applicationsRepository.latestOf(db, project.id, companyId);
      return application || drawCompanies.has(companyId)
        ? { role: 'bidder' as const, companyId, applicationId: application?.id ?? null }
        : undefined;
    }
    if (isOwnerStaff(actor, project)) return { role: 'owner' as const, companyId: null, applicationId: null };
    if (!(await projectsRepository.find(db, project.id, projectScope(actor)))) return undefined;
    const role: LiveRole = hasPermission(actor, Perm.selection.draw.witness) ? 'supervisor' : 'staff';
    return { role, companyId: null, applicationId: null };
  }

  return {
    async view(actor: SignedInUser, id: number): Promise<LiveView> {
      const project = await projectsRepository.find(db, id);
      if (!project) throw notFound(NO_PROJECT);
      const drawRow = project.model === Model.poolDraw ? await drawsRepository.liveOf(db, id) : undefined;
      const draw = drawRow ? await draws.publicDetail(drawRow.id) : null;
      const reader = await roleOf(actor, project, new Set(draw?.candidates.map((c) => c.companyId) ?? []));
      if (!reader) throw notFound(NO_PROJECT);
      await liveRepository.touch(db, { projectId: id, userId: actor.id, ...reader });

      const sealed = (SEALED_MODELS as readonly number[]).includes(project.model);
      const openingRow = sealed ? await bidsRepository.opening(db, id) : undefined;
      const opening = openingRow ? openingRecordOf(openingRow) : null;
      const tie = sealed ? await bidsRepository.tieSeed(db, id) : undefined;
      const present = await liveRepository.present(db, id, LIVE_PRESENT_SECONDS);
      const witnesses = sealed ? await witnessesOf(db, id) : [];
      // Once the bids are opened or the draw made, the companies present may be named.
      const companyNames = new Map<number, string>([
        ...(opening?.bids.map((b) => [b.companyId, b.companyName] as [number, string]) ?? []),
        ...(draw?.seed ? draw.candidates.map((c) => [c.companyId, c.companyName] as [number, string]) : []),
      ]);
      const bidderCompanies = [...new Set(present.filter((p) => p.role === 'bidder').map((p) => p.companyId!))];
      const revealed = !!opening || !!draw?.seed;
      return {
        projectId: id,
        code: project.code,
        name: project.name,
        model: project.model,
        status: project.status,
        openingAt: project.openingAt,
        now: await bidsRepository.clock(db),
        viewer: reader.role,
        present: {
          staff: present
            .filter((p) => p.role !== 'bidder')
            .map((p) => ({ name: p.name ?? '', role: p.role as LiveRole, since: p.since })),
          bidders: bidderCompanies.length,
          bidderNames: revealed ? bidderCompanies.map((c) => companyNames.get(c) ?? '').filter(Boolean) : null,
        },
        witnesses: witnesses.map((w) => ({ name: w.name ?? '', present: w.present })),
        tieCommitment: tie?.commitment ?? null,
        opening,
        myApplicationId: reader.applicationId,
        draw,
      };
    },
  };
}
export type LiveService = ReturnType<typeof createLiveService>;

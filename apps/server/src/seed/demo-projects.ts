import { Model } from '@lvb/contracts/projects';
import type { Db } from '../db/client.ts';
import { simplePdf } from '../lib/simple-pdf.ts';
import { accountsRepository } from '../modules/accounts/accounts.repository.ts';
import { storeGeneratedFile } from '../modules/files/files.service.ts';
import { masterDataRepository } from '../modules/master-data/master-data.repository.ts';
import { createProjectsService } from '../modules/projects/projects.service.ts';
import { projectsRepository } from '../modules/projects/projects.repository.ts';
import { createSessionService } from '../modules/sessions/sessions.service.ts';
import { createSettingsService } from '../modules/settings/settings.service.ts';

/** [name, type code, budget in yuan] of the demo owner's projects. */
const DEMO_PROJECTS: [string, string, number][] = [
  ['Renovation of the Xihu District community health centre', 'construction', 1_850_000],
  ['Road resurfacing on Wensan Road, phase two', 'construction', 3_200_000],
  ['Geotechnical survey for the Binjiang primary school extension', 'survey', 420_000],
  ['Topographic survey of the Xianghu wetland trail', 'survey', 180_000],
  ['Landscape design of the Gongshu riverside park', 'design', 560_000],
  ['Architectural design of the Yuhang village cultural hall', 'design', 780_000],
  ['Supervision of the Xiaoshan flood-control pump station works', 'supervision', 350_000],
  ['Property services for the district administration building, 2027', 'service', 640_000],
  ['Cleaning services for the Shangcheng sports centre', 'service', 260_000],
  ['Office equipment for the district archives', 'goods', 150_000],
  ['Waterproofing of the Haishu kindergarten roof', 'construction', 480_000],
  ['Street lighting upgrade in Jiangbei old town', 'construction', 2_750_000],
  ['Design of cycle lanes along the Grand Canal', 'design', 690_000],
  ['Supervision of the Lucheng market hall renovation', 'supervision', 210_000],
  ['Consulting on the energy audit of public buildings', 'service', 330_000],
  ['Building materials for village road repairs', 'goods', 720_000],
  ['Greening of the Keqiao industrial park entrance', 'construction', 960_000],
  ['Survey of the Yuecheng ancient bridge foundations', 'survey', 270_000],
];
/** How many of them end in each status (the rest are published). */
const STATUS_PLAN: ('draft' | 'pending_audit' | 'rejected')[] = [
  'draft',
  'draft',
  'pending_audit',
  'pending_audit',
  'rejected',
];

const DAY = 86_400_000;

/**
 * The demo owner's projects of every type and all three models, in every status up to
 * publication, made through the real service so that audit rows and announcements exist.
 */
export async function seedDemoProjects(db: Db) {
  // Projects exist once any organisation owns one.
  if ((await projectsRepository.ownerIds(db)).length > 0) return;
  const sessions = createSessionService({ db, idleMinutes: 30, absoluteHours: 12 });
  const service = createProjectsService({ db, settings: createSettingsService({ db }) });
  const ownerId = (await accountsRepository.findEmployeeByLoginUid(db, 'owner1'))?.id;
  const auditorId = (await accountsRepository.findEmployeeByLoginUid(db, 'auditor1'))?.id;
  if (!ownerId || !auditorId) return;
  const owner = (await sessions.userById(ownerId))!;
  const auditor = (await sessions.userById(auditorId))!;
  const types = await masterDataRepository.projectTypes(db, {});
  const districts = (await masterDataRepository.places(db, {})).filter((p) => p.ancestors.split(',').length === 3);

  for (const [i, [name, code, budgetYuan]] of DEMO_PROJECTS.entries()) {
    const type = types.find((t) => t.code === code)!;
    const model = ((i % 3) + 1) as 1 | 2 | 3;
    const start = Date.now() - DAY;
    const deadline = start + (9 + (i % 6)) * DAY;
    // The bidding document, as the owner would have uploaded it.
    const pdf = simplePdf([
      name,
      'Bidding document',
      `Type: ${type.name}`,
      `Budget: ${budgetYuan.toLocaleString('en-US')} yuan`,
      'Issued by Demo Owner',
    ]);
    const storedName = await storeGeneratedFile(db, pdf, {
      originalName: 'Bidding document.pdf',
      ext: 'pdf',
      mime: 'application/pdf',
      kind: 'document',
      uploadedBy: owner.id,
    });
    const { id } = await service.create(owner, {
      name,
      typeId: type.id,
      subCategoryId: null,
      placeId: districts[i % districts.length]!.id,
      budget: budgetYuan * 100,
      model,
      minParticipants: model === Model.poolDraw ? 1 : 3,
      guaranteeRequired: model !== Model.poolDraw,
      guaranteeAmount: model !== Model.poolDraw ? Math.floor(budgetYuan * 100 * 0.01) : 0,
      signupStart: new Date(start).toISOString(),
      bidDeadline: new Date(deadline).toISOString(),
      openingAt: new Date(deadline + DAY).toISOString(),
      publicityDays: 3,
      qualification:
        'Registered in Zhejiang with the qualification grade the type requires; no record of serious breach in the last three years.',
      description: `${name}. The works are to be completed within the schedule the bidding document sets.`,
      contactName: 'Olivia Owner',
      contactTel: '0571-8765 4321',
      documents: [storedName],
    });
    const plan = STATUS_PLAN[i] ?? 'published';
    if (plan === 'draft') continue;
    await service.transition(owner, id, 'submit');
    if (plan === 'pending_audit') continue;
    if (plan === 'rejected') {
      await service.transition(auditor, id, 'reject', 'The qualification requirements must name the required grade.');
      continue;
    }
    await service.transition(auditor, id, 'approve');
  }
}

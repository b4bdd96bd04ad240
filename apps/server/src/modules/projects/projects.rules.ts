import { Model, type projectBody } from '@lvb/contracts/projects';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { text, type Language } from '../../i18n/text.ts';
import { badRequest } from '../../lib/errors.ts';
import { yuan } from '../../i18n/format.ts';
import { masterDataRepository, valueLimitKey } from '../master-data/master-data.repository.ts';
import type { SettingsService } from '../settings/settings.service.ts';

export type ProjectInput = z.output<typeof projectBody>;

/** The bid guarantee may be at most this percentage of the budget. */
export const GUARANTEE_MAX_PERCENT = 2;

/**
 * The rules a project of `typeId` and `model` must meet, as the form shows them before saving:
 * the same values `checkProjectContent` applies. Undefined when the type is not an enabled one.
 */
export async function projectRulesOf(db: Db, settings: SettingsService, typeId: number, model: number) {
  const type = await masterDataRepository.projectType(db, typeId);
  if (!type || type.status !== '0') return undefined;
  const limit = Number(await settings.get(valueLimitKey(type.code)));
  const process = await masterDataRepository.processSetting(db, type.id, model);
  return {
    valueLimitFen: Number.isFinite(limit) ? limit * 100 : null,
    signupDays: process?.signupDays ?? null,
    minParticipants: model === Model.poolDraw ? 1 : await settings.getNumber('bid.minParticipants', 1),
    guaranteeMaxPercent: GUARANTEE_MAX_PERCENT,
  };
}

/**
 * Every rule of a project's content, against master data and the business parameters; the same
 * rules apply at create, edit and submit. Answers the type and its process settings.
 */
export async function checkProjectContent(db: Db, settings: SettingsService, input: ProjectInput) {
  const type = await masterDataRepository.projectType(db, input.typeId);
  if (!type || type.status !== '0')
    throw badRequest(text('typeId: choose an enabled project type', '请选择已启用的项目类型'));
  const limit = Number(await settings.get(valueLimitKey(type.code)));
  if (Number.isFinite(limit) && input.budget > limit * 100) {
    throw badRequest(
      text(
        `budget: ${yuan(input.budget)} is above the value limit of ${type.name.toLowerCase()} projects, ${yuan(limit * 100)}`,
        `预算金额 ${yuan(input.budget)} 超过${type.nameZh || '该类型'}项目的限额 ${yuan(limit * 100)}`,
      ),
    );
  }
  if (input.subCategoryId) {
    const sub = await masterDataRepository.subCategory(db, input.subCategoryId);
    if (!sub || sub.typeId !== type.id)
      throw badRequest(text('subCategoryId: choose a sub-category of the chosen type', '请选择所选项目类型下的子类'));
  }
  if (!(await masterDataRepository.place(db, input.placeId)))
    throw badRequest(text('placeId: the place does not exist', '项目地点不存在'));
  const start = Date.parse(input.signupStart);
  const deadline = Date.parse(input.bidDeadline);
  const opening = Date.parse(input.openingAt);
  if (!(start < deadline))
    throw badRequest(text('bidDeadline: must come after the start of sign-up', '投标截止时间必须晚于报名开始时间'));
  if (!(deadline <= opening))
    throw badRequest(text('openingAt: must not come before the bid deadline', '开标时间不能早于投标截止时间'));
  if (input.guaranteeRequired) {
    if (input.guaranteeAmount <= 0)
      throw badRequest(text('guaranteeAmount: give the amount of the bid guarantee', '请填写投标保证金金额'));
    // A bid guarantee may not exceed 2% of the project's estimated price.
    if (input.guaranteeAmount > Math.floor((input.budget * GUARANTEE_MAX_PERCENT) / 100)) {
      const most = yuan(Math.floor((input.budget * GUARANTEE_MAX_PERCENT) / 100));
      throw badRequest(
        text(`guaranteeAmount: at most 2% of the budget, ${most}`, `投标保证金不能超过预算金额的 2%，即 ${most}`),
      );
    }
  }
  const process = await masterDataRepository.processSetting(db, type.id, input.model);
  if (process && deadline - start < process.signupDays * 86_400_000) {
    throw badRequest(
      text(
        `bidDeadline: sign-up must stay open at least ${process.signupDays} days for this type and model`,
        `该项目类型和选取方式的报名时间不少于 ${process.signupDays} 天`,
      ),
    );
  }
  const minimum = await settings.getNumber('bid.minParticipants', 1);
  if (input.model !== Model.poolDraw && input.minParticipants < minimum) {
    throw badRequest(
      text(
        `minParticipants: at least ${minimum}, as the business parameters require`,
        `按业务参数要求，最少参与家数不能少于 ${minimum}`,
      ),
    );
  }
  return { type, process };
}

/** A status reason in the reader's language: the platform's in Chinese when it gave one, a person's as typed. */
export const reasonIn = (reason: string | null, reasonZh: string | null, lang: Language) =>
  lang === 'zh' && reasonZh ? reasonZh : reason;

import { z } from 'zod';
import { APPLICATION_STATUSES } from './application-workflow.ts';
import { attachedDocument } from './files.ts';
import { recordIdParam } from './ids.ts';
import { timelineEntry } from './project-rows.ts';

/**
 * Requests and answers of applications (DESIGN §7): the supplier's apply, list and withdraw
 * (web/hall, web/project), the back office's list and check (bidmanager/bidapply, bidcheck).
 * Timestamps are `Date` as the database answers them; the web reads them through `WireOf`.
 */

const storedFileName = z.string().regex(/^[a-f0-9]{32}\.[a-z0-9]{2,5}$/, 'not a file name this server issued');

export const applyBody = z.object({
  contactName: z.string().trim().min(1, 'contact: the name of the person to ask').max(50),
  contactTel: z
    .string()
    .trim()
    .regex(/^[0-9+\-() ]{6,20}$/, 'contact phone: 6 to 20 digits'),
  /** Required when the project requires a bid guarantee (the server checks it). */
  guaranteeLetterNo: z.string().trim().max(50).optional(),
  /** Names (as the upload answered) of the qualification documents. */
  documents: z.array(storedFileName).min(1, 'documents: attach your qualification documents').max(10),
});

/** The reason of a rejection; it is stored with the application (500 characters). */
export const checkReasonBody = z.object({ reason: z.string().trim().min(2, 'give the reason').max(500) });

/** `POST /api/extract/web/documents/deleteFileZC`: a draft qualification document to delete. */
export const deleteDocumentBody = z.object({ fileName: storedFileName });

export const applicationStatus = z.enum(APPLICATION_STATUSES);

/** The back office's filters (bidmanager/bidapply, bidcheck). */
export const applicationQuery = z.object({
  projectId: recordIdParam.optional(),
  /** Part of the project's name or code. */
  project: z.string().trim().max(100).optional(),
  /** Part of the company's name. */
  company: z.string().trim().max(100).optional(),
  status: applicationStatus.optional(),
});

/** The supplier's filter (web/project). */
export const myApplicationQuery = z.object({ status: applicationStatus.optional() });

/** What every application row shows of its project. */
const projectFields = {
  projectId: z.number(),
  projectName: z.string(),
  projectCode: z.string(),
  projectStatus: z.string(),
  model: z.number(),
  signupStart: z.date(),
  bidDeadline: z.date(),
  /** Whether the project requires a bid guarantee, and of how much (fen). */
  guaranteeRequired: z.boolean(),
  guaranteeAmountFen: z.number(),
};

export const applicationRow = z.object({
  id: z.number(),
  ...projectFields,
  companyId: z.number(),
  companyName: z.string(),
  contactName: z.string(),
  contactTel: z.string(),
  guaranteeLetterNo: z.string().nullable(),
  /** The order of the platform-issued letter the application holds (null: none, or one from elsewhere). */
  guaranteeOrderId: z.number().nullable(),
  status: applicationStatus,
  statusReason: z.string().nullable(),
  checkedAt: z.date().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
  documents: z.array(attachedDocument),
  /** The events the caller may fire on it now (the deadline judged by the database clock). */
  actions: z.array(z.string()),
});

/** One application for staff, with its audit trail (apply, check, withdrawal…), oldest first. */
export const applicationDetail = applicationRow.extend({ timeline: z.array(timelineEntry) });

/** The answer of an apply and of each workflow call. */
export const applicationTransitioned = z.object({ id: z.number(), status: applicationStatus });

/** The caller's own application to one project, if any (the hall detail's apply button). */
export const myApplicationOfProject = z.object({
  application: z.object({ id: z.number(), status: applicationStatus, statusReason: z.string().nullable() }).nullable(),
});

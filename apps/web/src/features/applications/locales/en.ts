/**
 * Texts of applications (top-level key `applications`): the back office's list and check
 * (bidmanager/bidapply, bidcheck), the supplier's own list (web/project) and the apply dialog of
 * the public project page.
 */
export const applicationsEn = {
  pages: {
    all: 'Applications',
    check: 'Qualification check',
    mine: 'My applications',
  },
  filter: {
    project: 'Project name or code',
    company: 'Company name',
  },
  action: {
    view: 'View',
    qualify: 'Qualify',
    reject: 'Reject',
    withdraw: 'Withdraw',
  },
  confirm: {
    qualify: 'Qualify the application of {{company}} to “{{project}}”? The supplier is told at once.',
    withdraw: 'Withdraw your application to “{{project}}”? You may apply again before the bid deadline.',
  },
  rejectTitle: 'Reject the application of {{company}}',
  detail: 'Application',
  noDocuments: 'No documents',
  timeline: {
    title: 'Timeline',
    actions: {
      apply: 'Applied',
      qualify: 'Qualified',
      reject: 'Rejected',
      withdraw: 'Withdrawn',
      win: 'Won',
      lose: 'Not selected',
      confirm: 'Award confirmed',
      decline: 'Award declined',
      document_deleted: 'Document deleted',
    },
  },
  mine: {
    hint: 'Projects you applied to, with the outcome of the qualification check. Find more projects in the hall.',
    toHall: 'Project hall',
    deadlinePassed: 'Deadline passed',
  },
} as const;

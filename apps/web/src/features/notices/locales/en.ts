/** Texts of the notices page (system/notice) and the notices panel of the admin home. */
export const noticesEn = {
  notices: {
    title: 'Title',
    type: 'Type',
    audience: 'Audience',
    audiences: {
      all: 'Everyone',
      suppliers: 'Suppliers',
      staff: 'Staff',
    },
    author: 'Author',
    content: 'Content',
    contentPlaceholder: 'Write the notice…',
    preview: 'Preview',
    published: 'Published',
    closed: 'Closed',
    addTitle: 'Add a notice',
    editTitle: 'Edit the notice',
    titleRequired: 'Give the notice a title.',
    contentRequired: 'Write the text of the notice.',
    selectedCount_one: '{{count}} selected notice',
    selectedCount_other: '{{count}} selected notices',
    homeTitle: 'Notices',
    homeEmpty: 'No notices for you at the moment.',
  },
} as const;

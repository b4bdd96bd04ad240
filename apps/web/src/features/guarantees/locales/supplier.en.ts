/**
 * Texts of the supplier's side of guarantee letters (top-level key `guaranteeSupplier`): the
 * surrender of an issued bid letter (`web/order`, `order/myguarantee`) and the letter an
 * application takes (`web/project`).
 */
export const guaranteeSupplierEn = {
  surrender: {
    action: 'Surrender',
    title: 'Surrender letter {{no}}',
    warning:
      'Once surrendered, the letter stops guaranteeing your bid for {{project}}: an application that holds it is left without a valid guarantee. This cannot be undone.',
    letter: 'Letter',
    deadline: 'Bid deadline',
    reason: 'Reason',
    reasonRequired: 'Give the reason (at least 2 characters).',
    ok: 'Surrender the letter',
    done: 'The letter is surrendered.',
  },
  letter: {
    column: 'Guarantee letter',
    verified: 'Platform-issued',
    unverified: 'Unverified — the owner checks it',
    requiredNone: 'Required, none yet',
    required: 'Required: {{amount}}',
    notRequired: 'Not required',
    choose: 'Choose letter',
    title: 'Guarantee letter for {{project}}',
    requiredAmount: 'Required bid guarantee',
    words: 'In capital numerals',
    deadline: 'Bid deadline',
    current: 'Current letter: {{no}}',
    loading: 'Loading your letters…',
    issued: 'Letters issued by the platform for this project',
    none: 'No issued letter for this project yet.',
    order: 'Order a guarantee',
    amount: 'Amount {{amount}}',
    validity: 'valid {{from}} to {{to}}',
    taken: 'Held now',
    tooSmall: 'Amount below the required guarantee of {{amount}}',
    tooShort: 'Not valid through the bid deadline ({{deadline}})',
    elsewhere: 'A letter from elsewhere',
    elsewhereHint:
      'A letter not issued by this platform is marked unverified: the owner checks it during the qualification check.',
    letterNo: 'Letter number',
    letterNoRequired: 'Give the letter number.',
    choiceRequired: 'Choose a letter, or give the number of a letter from elsewhere.',
    ok: 'Use this letter',
    done: 'The application now holds letter {{no}}.',
  },
} as const;

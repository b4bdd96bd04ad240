/** Texts of the public results (`/resultpub`, the project page, the winner's panel): the public catalogue. */
export const publicResultsEn = {
  kinds: 'Kinds of result',
  kind: {
    publicity: 'In publicity',
    awarded: 'Awarded',
    failed: 'Failed',
  },
  empty: {
    publicity: 'No result is in publicity now.',
    awarded: 'No result has been awarded yet.',
    failed: 'No project has failed.',
  },
  keyword: 'Project name or code',
  print: 'Print',
  printedKind: 'Results: {{kind}}',
  title: 'Selection result',
  field: {
    code: 'Code',
    owner: 'Owner',
    winner: 'Winner',
    amount: 'Amount',
    publicitySince: 'Publicity since',
    publicityEnd: 'Publicity ends',
    awardedAt: 'Awarded',
    objections: 'Objections',
    failedReason: 'Reason',
    failedAt: 'Failed',
  },
  objections: {
    none: 'None',
    open: 'Under review: publicity continues until it is decided',
    decided: 'Decided',
  },
  ranking: {
    title: 'Ranking',
    rank: 'Rank',
    company: 'Bidder',
    price: 'Price',
    total: 'Total score',
  },
  hash: 'SHA-256 of the signed result',
} as const;

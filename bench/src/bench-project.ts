/** The project the bid benches bid on: a price-competition project the owner published, open for bids. */
const DAY = 86_400_000;

type Call = (method: string, path: string, token?: string, body?: unknown) => Promise<Record<string, unknown>>;

/**
 * Creates, submits and approves (publishes) a price-competition project through the API as the
 * owner and the auditor: sign-up opened a day ago, bids until nine days from now. Answers its id.
 */
export async function publishedSealedProject(
  call: Call,
  owner: string,
  auditor: string,
  name: string,
  document: string,
) {
  const options = (await call('GET', '/api/hall/options')).data as {
    types: { id: number; code: string }[];
    places: { children?: { children?: { id: number }[] }[] }[];
  };
  const start = Date.now() - DAY;
  const project = (
    (await call('POST', '/api/projects', owner, {
      name,
      typeId: options.types.find((x) => x.code === 'construction')!.id,
      placeId: options.places[0]!.children![0]!.children![0]!.id,
      budget: 300_000_000,
      model: 2,
      minParticipants: 3,
      guaranteeRequired: false,
      guaranteeAmount: 0,
      signupStart: new Date(start).toISOString(),
      bidDeadline: new Date(start + 10 * DAY).toISOString(),
      openingAt: new Date(start + 11 * DAY).toISOString(),
      publicityDays: 3,
      qualification: '',
      contactName: 'Olivia Owner',
      contactTel: '0571-8765 4321',
      documents: [document],
    })) as { data: { id: number } }
  ).data.id;
  await call('POST', `/api/projects/${project}/submit`, owner);
  await call('POST', `/api/projects/${project}/approve`, auditor);
  return project;
}

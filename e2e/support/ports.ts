// E2E_PORT_OFFSET moves every port, so that two checkouts can run their e2e tests at once.
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);

/** Ports of the e2e deployment, apart from `npm start`'s so both can run at once. */
const basePorts = {
  host: 5100,
  catalog: 5101,
  scheduling: 5102,
  checkout: 5103,
  account: 5104,
  console: 5105,
  spotlight: 5111,
  releases: 5120,
  api: 5140,
  oidc: 5141,
  control: 5199,
} as const;

export const ports = Object.fromEntries(
  Object.entries(basePorts).map(([name, port]) => [name, port + offset]),
) as {
  [Name in keyof typeof basePorts]: number;
};

/** The deployments, and `releases`: the static server of released remote builds (a CDN's stand-in). */
export type Deployment =
  | 'host'
  | 'catalog'
  | 'scheduling'
  | 'checkout'
  | 'account'
  | 'console'
  | 'spotlight'
  | 'releases';

export const hostUrl = `http://localhost:${ports.host}`;
export const controlUrl = `http://127.0.0.1:${ports.control}`;
export const oidcUrl = `http://localhost:${ports.oidc}`;

/** Where released builds are served (RELEASE_BASE_URL). */
export const releasesUrl = `http://localhost:${ports.releases}`;

/** The allow-list of remote origins (REMOTE_ORIGINS) the API and the host are started with. */
export const remoteOrigins = (
  ['catalog', 'scheduling', 'checkout', 'account', 'console', 'spotlight', 'releases'] as const
)
  .map((deployment) => `http://localhost:${ports[deployment]}`)
  .join(',');

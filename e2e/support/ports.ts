/** Ports of the e2e deployment, apart from `npm start`'s so both can run at once. */
export const ports = {
  host: 5100,
  catalog: 5101,
  scheduling: 5102,
  checkout: 5103,
  account: 5104,
  spotlight: 5111,
  api: 5140,
  control: 5199,
} as const;

export type Deployment = 'host' | 'catalog' | 'scheduling' | 'checkout' | 'account' | 'spotlight';

export const hostUrl = `http://localhost:${ports.host}`;
export const controlUrl = `http://127.0.0.1:${ports.control}`;

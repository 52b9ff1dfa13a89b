// Malformed requests to /graphql (bodies that are not JSON or JSON of the wrong type, parameters of
// every type, variables nested thousands deep, oversized bodies, odd query strings and content types,
// persisted-query hashes that are not strings, batches) are refused with a 4xx or answered with
// GraphQL errors, never with a 500: a seeded generator sends ten thousand of them in-process.
import {
  type GraphQLInputType,
  type GraphQLSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInputType,
  isListType,
  isNonNullType,
  parse,
  typeFromAST,
} from 'graphql';
import { createSchema } from 'graphql-yoga';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../app';
import trustedDocuments from '../generated/persisted-documents/persisted-documents.json';
import { appleFormPostPath, loadIdentityConfig } from '../identity';
import { signedInClient } from '../test/account';
import { seededDatabase, type TestDatabase, testDatabases } from '../test/databases';
import { appWithStripeWebhooks, testWebhookSecret } from '../test/webhooks';
import { loadTypeDefs } from '../type-defs';
import { csrfHeaderName } from './hardening';

import { graphqlMaxBodyBytes, maxNesting } from './malformed-requests';

/** A small, fast, seedable generator (mulberry32), so a failure names a reproducible case. */
class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(below: number): number {
    return Math.floor(this.next() * below);
  }
  chance(probability: number): boolean {
    return this.next() < probability;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }
}

const documents = Object.entries(trustedDocuments as Record<string, string>);
const schema: GraphQLSchema = createSchema({ typeDefs: loadTypeDefs() });

const oddStrings = [
  '',
  ' ',
  'a',
  '1',
  '-1',
  '0x10',
  '1e999',
  'null',
  'true',
  '{}',
  '[]',
  '__proto__',
  'constructor',
  'marketplace',
  '{ marketplace(id: "1") { name } }',
  'é',
  '💥',
  '\u0000',
  '\u0007bell',
  '\ud800',
  'line\nbreak',
  '<script>',
  "'; drop table users; --",
  'a@b.c',
  'sha256:',
  '../../etc/passwd',
];
const oddNumbers = [0, -0, 1, -1, 0.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e308, -1e308, 4.9e-324];
const oddIds = ['1', '2', '3', '80', '0', '-1', '2147483648', '99999999999999999999', '1.5', 'abc', ' 1'];

function randomString(random: Random): string {
  if (random.chance(0.6)) return random.pick(oddStrings);
  if (random.chance(0.1)) return 'x'.repeat(random.int(20_000));
  let text = '';
  const length = random.int(40);
  for (let index = 0; index < length; index++) text += String.fromCharCode(random.int(0x3000));
  return text;
}

function randomJson(random: Random, depth = 3): unknown {
  switch (random.int(depth > 0 ? 7 : 5)) {
    case 0:
      return null;
    case 1:
      return random.chance(0.5);
    case 2:
      return random.pick(oddNumbers);
    case 3:
    case 4:
      return randomString(random);
    case 5:
      return Array.from({ length: random.int(4) }, () => randomJson(random, depth - 1));
    default:
      return Object.fromEntries(
        Array.from({ length: random.int(4) }, () => [
          random.chance(0.3)
            ? random.pick(['query', 'variables', 'input', 'id', '__proto__'])
            : randomString(random),
          randomJson(random, depth - 1),
        ]),
      );
  }
}

/** JSON text nested `depth` levels deep (built as text: serializing it would itself overflow). */
function deepJson(random: Random, depth: number): string {
  const [open, close] = random.pick([
    ['[', ']'],
    ['{"a":', '}'],
    ['{"input":', '}'],
  ] as const);
  return `${open.repeat(depth)}${random.chance(0.5) ? '1' : '"x"'}${close.repeat(depth)}`;
}

/** A value of an input type, mostly of the right shape, with odd values inside. */
function inputValue(random: Random, type: GraphQLInputType, depth = 0): unknown {
  if (depth > 6 || random.chance(0.05)) return randomJson(random, 1);
  if (isNonNullType(type)) return inputValue(random, type.ofType, depth);
  if (random.chance(0.05)) return null;
  if (isListType(type)) {
    return Array.from({ length: random.int(4) }, () => inputValue(random, type.ofType, depth + 1));
  }
  if (isEnumType(type)) {
    return random.chance(0.8) ? random.pick(type.getValues()).name : randomString(random);
  }
  if (isInputObjectType(type)) {
    const value: Record<string, unknown> = {};
    for (const field of Object.values(type.getFields())) {
      if (random.chance(0.85)) value[field.name] = inputValue(random, field.type, depth + 1);
    }
    if (random.chance(0.05)) value[randomString(random)] = randomJson(random, 1);
    return value;
  }
  switch (getNamedType(type).name) {
    case 'ID':
      return random.pick(oddIds);
    case 'Int':
      return random.chance(0.7) ? random.int(200) - 50 : random.pick(oddNumbers);
    case 'Float':
      return random.pick(oddNumbers);
    case 'Boolean':
      return random.chance(0.5);
    default:
      return random.chance(0.3)
        ? random.pick(['2026-01-01', '2026-13-45', '2026-06-01T10:00', '10:00', 'America/New_York'])
        : randomString(random);
  }
}

/** The trusted documents with the types of the variables their operation declares. */
const operations = documents.map(([hash, document]) => {
  const variables: [string, GraphQLInputType][] = [];
  let operationName = 'X';
  for (const definition of parse(document).definitions) {
    if (definition.kind !== 'OperationDefinition') continue;
    operationName = definition.name?.value ?? operationName;
    for (const variable of definition.variableDefinitions ?? []) {
      const type = typeFromAST(schema, variable.type);
      if (type && isInputType(type)) variables.push([variable.variable.name.value, type]);
    }
  }
  return { hash, document, operationName, variables };
});
type Operation = (typeof operations)[number];

/** Variables for a trusted operation, typed as it declares them (now and then one left out). */
function typedVariables(random: Random, operation: Operation): Record<string, unknown> {
  const variables: Record<string, unknown> = {};
  for (const [name, type] of operation.variables) {
    if (random.chance(0.9)) variables[name] = inputValue(random, type);
  }
  return variables;
}

const handWritten = [
  '{ health }',
  '{ marketplace(id: "1") { id name } }',
  'query Q($id: ID!) { marketplace(id: $id) { id } }',
  'mutation { logout }',
  'subscription { health }',
  '{ __schema { types { name } } }',
  'fragment A on Query { ...A } query { ...A }',
  '{ a: health b: health c: health }',
  '{ health @skip(if: true) @include(if: false) }',
  `{ marketplace(id: "${'9'.repeat(400)}") { id } }`,
  `{ health } ${'#'.repeat(10_000)}`,
  'query ($a: [[[[[[Int]]]]]]) { health }',
];
const tokens = ['{', '}', '(', ')', '[', ']', ':', '$', '!', '...', '@', 'query', 'health', '"x"', '1', 'on'];

/** A document that is not a trusted one: hand-written, token soup, very deep, or any text. */
function otherDocument(random: Random): string {
  const depth = random.pick([50, 2_000, 20_000]);
  switch (random.int(5)) {
    case 0:
      return random.pick(handWritten);
    case 1:
      return Array.from({ length: random.int(60) }, () => random.pick(tokens)).join(' ');
    case 2:
      return `{ marketplace(id: "1") ${'{ a '.repeat(depth)}${'}'.repeat(depth)} }`;
    case 3:
      return `{ marketplace(id: ${'['.repeat(depth)}1${']'.repeat(depth)}) { id } }`;
    default:
      return randomString(random);
  }
}

const persistedQueryShapes = (random: Random): unknown => {
  const { hash } = random.pick(operations);
  return random.pick([
    { persistedQuery: { version: 1, sha256Hash: hash.replace('sha256:', '') } },
    { persistedQuery: { version: 1, sha256Hash: hash } },
    { persistedQuery: { version: 1, sha256Hash: hash.toUpperCase() } },
    { persistedQuery: { version: randomJson(random, 1), sha256Hash: randomJson(random, 1) } },
    { persistedQuery: randomJson(random, 2) },
    { persistedQuery: { sha256Hash: [hash] } },
    { persistedQuery: { sha256Hash: { hash } } },
    randomJson(random, 2),
  ]);
};

/** GraphQL parameters, each now and then of another JSON type or missing. */
function params(random: Random): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  const operation = random.chance(0.5) ? random.pick(operations) : null;
  if (random.chance(0.85)) {
    result.query = random.chance(0.1)
      ? randomJson(random, 2)
      : (operation?.document ?? otherDocument(random));
  }
  if (random.chance(0.7)) {
    result.variables =
      operation && random.chance(0.8) ? typedVariables(random, operation) : randomJson(random);
  }
  if (random.chance(0.3)) result.extensions = persistedQueryShapes(random);
  if (random.chance(0.3)) {
    result.operationName = random.chance(0.5) ? randomJson(random, 1) : (operation?.operationName ?? 'X');
  }
  if (random.chance(0.03)) result[randomString(random)] = randomJson(random, 1);
  return result;
}

function jsonBody(random: Random): string {
  switch (random.int(10)) {
    case 0:
      return JSON.stringify(randomJson(random));
    case 1:
      return random.pick([
        '',
        '{',
        '{"query":',
        '{"query":"{ health }"',
        '{"query":"{ health }"}garbage',
        '\ufeff{"query":"{ health }"}',
        'undefined',
        'NaN',
        '{"query": "{ health }", "query": 1}',
        '[{"query":"{ health }"},{"query":"{ health }"}]',
        '[]',
        randomString(random),
      ]);
    case 2: {
      const depth = random.pick([100, 5_000, 100_000]);
      const key = random.pick(['variables', 'extensions']);
      const query = random.pick(operations).document;
      return `{"query":${JSON.stringify(query)},"${key}":{"input":${deepJson(random, depth)}}}`;
    }
    case 3:
      return JSON.stringify([params(random), params(random)]);
    default: {
      const p = params(random);
      return JSON.stringify(p);
    }
  }
}

/** A query string for GET: GraphQL parameters, sometimes not JSON where JSON is expected, or odd. */
function queryString(random: Random): string {
  if (random.chance(0.2)) {
    return random.pick(['', '?', '?%', '?%zz', '?&&&', '?query', '?query=', '?=x', '?query=%7B', '?a=1&a=2']);
  }
  const search = new URLSearchParams();
  const p = params(random);
  for (const [key, value] of Object.entries(p)) {
    if (key === 'query' && typeof value === 'string') search.append(key, value);
    else if (random.chance(0.2)) search.append(key, random.pick(['{', '[1', 'nope', '%', '{"a":}']));
    else search.append(key, JSON.stringify(value) ?? 'undefined');
  }
  if (random.chance(0.1)) search.append('query', '{ health }');
  return `?${search}`;
}

const contentTypes = [
  'application/json',
  'application/json; charset=utf-8',
  'application/graphql+json',
  'application/graphql',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'multipart/form-data',
  'APPLICATION/JSON',
  'application/json, text/plain',
  'application/octet-stream',
  '',
];
const accepts = [
  'application/graphql-response+json, application/json',
  'application/json',
  'text/event-stream',
  'multipart/mixed',
  'text/html',
  '*/*',
  '',
];

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

function request(random: Random): Sent {
  const headers: Record<string, string> = {};
  if (random.chance(0.9)) headers.accept = random.pick(accepts);
  if (random.chance(0.7)) headers[csrfHeaderName] = '1';
  const path = random.chance(0.95)
    ? '/graphql'
    : random.pick(['/graphql/', '/GRAPHQL', '/graphql;x', '//graphql']);
  const method = random.chance(0.97)
    ? random.chance(0.25)
      ? 'GET'
      : 'POST'
    : random.pick(['PUT', 'DELETE', 'PATCH', 'OPTIONS']);
  if (method === 'GET' || method === 'OPTIONS') {
    return { method, url: `http://localhost${path}${queryString(random)}`, headers };
  }
  const contentType = random.chance(0.75) ? 'application/json' : random.pick(contentTypes);
  if (contentType) headers['content-type'] = contentType;
  let body: string;
  if (contentType.startsWith('multipart/')) {
    body = random.chance(0.5)
      ? `--x\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${jsonBody(random)}\r\n--x\r\nContent-Disposition: form-data; name="map"\r\n\r\n${JSON.stringify(randomJson(random, 1))}\r\n--x--\r\n`
      : randomString(random);
  } else if (contentType === 'application/x-www-form-urlencoded') {
    body = queryString(random).slice(1);
  } else if (contentType === 'application/graphql') {
    body = random.chance(0.5) ? random.pick(operations).document : otherDocument(random);
  } else if (random.chance(0.01)) {
    body = JSON.stringify({
      query: '{ health }',
      variables: { pad: 'x'.repeat(graphqlMaxBodyBytes + random.int(3) * 100_000) },
    });
  } else {
    body = jsonBody(random);
  }
  return { method, url: `http://localhost${path}`, headers, body };
}

const eventTypes = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.requires_action',
  'setup_intent.succeeded',
  'charge.refunded',
  'charge.dispute.created',
  'customer.created',
];

/** A Stripe delivery: an event of every shape, signed with the endpoint's secret (or not signed). */
function webhookDelivery(random: Random): Sent {
  const object: Record<string, unknown> = {
    id: random.chance(0.8) ? `pi_fuzz_${random.int(1_000)}` : randomJson(random, 1),
    metadata: random.chance(0.5) ? { atrium_idempotency_key: randomJson(random, 1) } : randomJson(random, 1),
    payment_intent: random.chance(0.5) ? 'pi_fuzz_1' : randomJson(random, 1),
    charge: random.chance(0.5) ? 'ch_fuzz_1' : randomJson(random, 1),
    amount: random.chance(0.5) ? random.int(100_000) : random.pick(oddNumbers),
    amount_refunded: random.pick(oddNumbers),
    refunded: randomJson(random, 0),
    reason: randomString(random),
    status: randomString(random),
    created: random.chance(0.5) ? 1_790_000_000 : random.pick(oddNumbers),
    last_payment_error: randomJson(random, 1),
  };
  for (const key of Object.keys(object)) if (random.chance(0.3)) delete object[key];
  const event = random.chance(0.9)
    ? {
        id: `evt_fuzz_${random.int(1e9)}`,
        type: random.pick(eventTypes),
        data: random.chance(0.9) ? { object } : randomJson(random),
      }
    : randomJson(random);
  const body = random.chance(0.9) ? JSON.stringify(event) : randomString(random);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (random.chance(0.9)) {
    headers['stripe-signature'] = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: testWebhookSecret,
    });
  }
  return { method: 'POST', url: 'http://localhost/webhooks/stripe', headers, body };
}

/** Apple's form_post answer, with odd fields and values. */
function appleFormPost(random: Random): Sent {
  const form = new URLSearchParams();
  for (const name of ['code', 'state', 'user', 'iss', 'error', randomString(random)]) {
    if (random.chance(0.7))
      form.append(name, random.chance(0.5) ? JSON.stringify(randomJson(random)) : randomString(random));
  }
  const headers = {
    'content-type': random.chance(0.9) ? 'application/x-www-form-urlencoded' : random.pick(contentTypes),
  };
  return { method: 'POST', url: `http://localhost${appleFormPostPath}`, headers, body: form.toString() };
}

const describeOn = (sent: Sent) =>
  `${sent.method} ${sent.url.slice(0, 160)} ${JSON.stringify(sent.headers)} ${(sent.body ?? '').slice(0, 200)}`;

describe.each(testDatabases)('malformed requests to /graphql on $name', (factory) => {
  let handle: TestDatabase;
  let apps: App[];
  let webhooks: App;
  let sessionCookie: string;

  beforeAll(async () => {
    handle = await seededDatabase(factory, {
      catalogOverrideEntry: 'http://localhost:3011/mf-manifest.json',
    });
    const identity = loadIdentityConfig({ REGISTER_LIMIT_PER_IP: '0' }, 'test');
    const test = createApp({ db: handle.database, config: { nodeEnv: 'test', identity }, logging: false });
    const production = createApp({ db: handle.database, config: { nodeEnv: 'production' }, logging: false });
    apps = [production, test];
    webhooks = appWithStripeWebhooks(handle.database);
    const { browser } = await signedInClient(test, '1', 'fuzz@example.com');
    sessionCookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }, 120_000);
  afterAll(() => handle.dispose());

  const post = async (body: BodyInit, headers: Record<string, string> = {}, init: RequestInit = {}) => {
    const response = await apps[0]?.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body,
      ...init,
    });
    if (!response) throw new Error('No app.');
    const text = await response.text();
    return { status: response.status, text, errors: text ? errorsOf(text) : [] };
  };
  const errorsOf = (text: string) =>
    (JSON.parse(text) as { errors?: { message: string; extensions?: { code?: string } }[] }).errors?.map(
      (error) => ({ message: error.message, code: error.extensions?.code }),
    );

  it('refuses parameters of the wrong JSON type with 400 BAD_REQUEST', async () => {
    for (const [body, message] of [
      ['{"query":1}', 'The "query" parameter must be a string.'],
      ['{"query":{"a":1}}', 'The "query" parameter must be a string.'],
      ['{"query":true}', 'The "query" parameter must be a string.'],
      ['{"query":"{ health }","variables":[1]}', 'The "variables" parameter must be an object.'],
      ['{"query":"{ health }","extensions":"x"}', 'The "extensions" parameter must be an object.'],
      ['{"query":"{ health }","operationName":{}}', 'The "operationName" parameter must be a string.'],
    ] as const) {
      expect(await post(body), body).toEqual({
        status: 400,
        text: expect.any(String),
        errors: [{ message, code: 'BAD_REQUEST' }],
      });
    }
    expect((await post('true')).status).toBe(400);
    expect((await post('{}')).errors).toEqual([
      { message: 'PersistedQueryKeyNotFound', code: 'PERSISTED_QUERY_ID_REQUIRED' },
    ]);
  });

  it('refuses variables and documents nested deeper than the limit with 400, up to 100,000 levels', async () => {
    const deep = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;
    const query = JSON.stringify('query ($id: ID!) { marketplace(id: $id) { id } }');
    for (const depth of [maxNesting + 1, 1_000, 100_000]) {
      const answer = await post(`{"query":${query},"variables":{"id":${deep(depth)}}}`);
      expect(answer.status === 413 ? 'too large' : answer.errors).toEqual(
        depth === 100_000
          ? 'too large'
          : [
              {
                message: `The variables are nested more than ${maxNesting} levels deep.`,
                code: 'BAD_REQUEST',
              },
            ],
      );
    }
    // Within the body cap: 20,000 levels of selections, then of list values.
    for (const document of [
      `{ marketplace(id: "1") ${'{ a '.repeat(20_000)}${'}'.repeat(20_000)} }`,
      `{ marketplace(id: ${deep(20_000)}) { id } }`,
    ]) {
      expect((await post(JSON.stringify({ query: document }))).errors).toEqual([
        { message: `The query is nested more than ${maxNesting} levels deep.`, code: 'BAD_REQUEST' },
      ]);
    }
    // What the product sends still runs.
    expect((await post(`{"query":${query},"variables":{"id":"1"}}`)).status).toBe(200);
  });

  it('answers a GET whose variables or extensions are not JSON with 400', async () => {
    for (const search of ['variables=%7B', 'extensions=nope', 'variables=%5B1']) {
      const response = await apps[0]?.fetch(`http://localhost/graphql?query=%7B%20health%20%7D&${search}`, {
        headers: { accept: 'application/json', [csrfHeaderName]: '1' },
      });
      expect(response?.status, search).toBe(400);
      expect(errorsOf((await response?.text()) ?? '{}')).toEqual([
        { message: 'The variables and extensions parameters must be JSON.', code: 'BAD_REQUEST' },
      ]);
    }
  });

  it('refuses a body over 100 KiB with 413 REQUEST_ENTITY_TOO_LARGE, declared or streamed', async () => {
    const tooLarge = JSON.stringify({
      query: '{ health }',
      variables: { pad: 'x'.repeat(graphqlMaxBodyBytes) },
    });
    const refused = [{ message: 'Request body too large', code: 'REQUEST_ENTITY_TOO_LARGE' }];
    expect(await post(tooLarge)).toMatchObject({ status: 413, errors: refused });
    // Sent in chunks without a Content-Length, as a chunked upload arrives.
    const chunks = new TextEncoder().encode(tooLarge);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let offset = 0; offset < chunks.length; offset += 16 * 1024) {
          controller.enqueue(chunks.slice(offset, offset + 16 * 1024));
        }
        controller.close();
      },
    });
    expect(await post(stream, {}, { duplex: 'half' } as RequestInit)).toMatchObject({
      status: 413,
      errors: refused,
    });
    // Just under the cap, the request runs.
    const fits = JSON.stringify({
      query: '{ health }',
      extensions: { pad: 'x'.repeat(graphqlMaxBodyBytes - 100) },
    });
    expect(await post(fits)).toMatchObject({ status: 200 });
  });

  it('refuses multipart bodies (no uploads) with 415', async () => {
    const answer = await post(
      '--x\r\nContent-Disposition: form-data; name="operations"\r\n\r\nnull\r\n--x--',
      {
        'content-type': 'multipart/form-data; boundary=x',
        [csrfHeaderName]: '1',
      },
    );
    expect(answer.status).toBe(415);
  });

  it("answers 10,000 generated malformed requests (to /graphql, the Stripe webhook and Apple's form post) without a single 5xx", async () => {
    const random = new Random(20_261_127);
    const failures: string[] = [];
    for (let index = 0; index < 10_000; index++) {
      const endpoint = random.next();
      // Most go to /graphql; a few to the other endpoints that read a body.
      const sent =
        endpoint < 0.94 ? request(random) : endpoint < 0.97 ? webhookDelivery(random) : appleFormPost(random);
      const app = sent.url.includes('/webhooks/') ? webhooks : random.pick(apps);
      if (app === apps[1] && random.chance(0.5)) sent.headers.cookie = sessionCookie;
      const response = await app.fetch(sent.url, {
        method: sent.method,
        headers: sent.headers,
        body: sent.body,
      });
      await response.arrayBuffer();
      if (response.status >= 500) failures.push(`#${index} ${response.status} ${describeOn(sent)}`);
    }
    expect(failures.length, failures.slice(0, 15).join('\n')).toBe(0);
  }, 300_000);
});

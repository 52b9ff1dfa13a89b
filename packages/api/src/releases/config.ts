import { z } from 'zod';

export interface ReleasesConfig {
  /**
   * Origins (scheme://host[:port]) a remote release's entry may come from (REMOTE_ORIGINS). The host's
   * Content-Security-Policy allows scripts from the same list. Empty in production until configured.
   */
  remoteOrigins: string[];
  /** Distinct browsers whose failure reports within an hour take a canary out of rotation... */
  canaryFailureLimit: number;
  /**
   * ...when they are also at least this share (percent) of the browsers the host's server sent to the
   * canary within the hour (CANARY_FAILURE_SHARE), so that a few made-up reports steer nothing.
   */
  canaryFailureSharePercent: number;
}

type NodeEnv = 'development' | 'production' | 'test';

/** The local deployments (`npm start`: remotes, the spotlight catalog) and the local release server. */
export const localRemoteOrigins: readonly string[] = [
  'http://localhost:3001',
  'http://localhost:3002',
  'http://localhost:3003',
  'http://localhost:3004',
  'http://localhost:3005',
  'http://localhost:3011',
  'http://localhost:3020',
];

const optionalText = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());

const origin = z.string().transform((text, context) => {
  let url: URL | null = null;
  try {
    url = new URL(text);
  } catch {
    // Reported below.
  }
  // An origin, optionally with the trailing slash URLs get: no path, query, fragment or credentials.
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.href !== `${url.origin}/`) {
    context.addIssue({
      code: 'custom',
      message: `${text} is not an origin (http(s)://host[:port], nothing after)`,
    });
    return z.NEVER;
  }
  return url.origin;
});

const envSchema = z.object({
  REMOTE_ORIGINS: optionalText.pipe(
    z
      .string()
      .transform((list) =>
        list
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      )
      .pipe(z.array(origin))
      .optional(),
  ),
  CANARY_FAILURE_LIMIT: z.preprocess(
    (value) => (value === '' || value === undefined ? undefined : value),
    z.coerce.number().int().min(1).max(1000).default(3),
  ),
  CANARY_FAILURE_SHARE: z.preprocess(
    (value) => (value === '' || value === undefined ? undefined : value),
    z.coerce.number().int().min(1).max(100).default(10),
  ),
});

/**
 * Reads the release registry's part of the environment. Throws 'Invalid environment' naming every
 * problem. Without REMOTE_ORIGINS: the local origins outside production, none in production (where
 * `loadConfig` refuses to start without it, production-guards.ts).
 */
export function loadReleasesConfig(
  env: Record<string, string | undefined>,
  nodeEnv: NodeEnv,
): ReleasesConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  const configured = parsed.data.REMOTE_ORIGINS;
  return {
    remoteOrigins: configured
      ? [...new Set(configured)]
      : nodeEnv === 'production'
        ? []
        : [...localRemoteOrigins],
    canaryFailureLimit: parsed.data.CANARY_FAILURE_LIMIT,
    canaryFailureSharePercent: parsed.data.CANARY_FAILURE_SHARE,
  };
}

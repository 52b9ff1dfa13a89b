import type { AppointmentRequest, AppointmentRequestRecap } from '@atrium/graphql-client/checkout';
import * as z from 'zod/mini';

// The request just sent, as createAppointmentRequest answered it, kept in this tab's sessionStorage so
// a reload of /success still shows its recap. Not a query by id: a guest has no session, and an API
// that gave a request's details to whoever names its id would let anyone read others' appointments.
// sessionStorage is the tab's alone and goes with it; every marketplace shares the origin, so the copy
// names its marketplace and the person who booked, and is shown to no other.

/** The sessionStorage key of the last request. */
export const LAST_REQUEST_KEY = 'last-appointment-request';

/** What /success recaps: the request's answer with its recap. */
export interface RecappedRequest {
  id: string;
  status: AppointmentRequest['status'];
  dueOnConfirmation: number;
  recap: AppointmentRequestRecap;
}

const instant = z.string().check(z.iso.datetime());
const cents = z.number().check(z.int(), z.gte(0));

// Typed as the generated recap: a change to the API's shape fails to compile here.
const recapSchema: z.ZodMiniType<AppointmentRequestRecap> = z.object({
  marketplaceName: z.string(),
  procedures: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      isAddOn: z.boolean(),
      duration: z.array(z.number().check(z.int(), z.gte(0))),
    }),
  ),
  clinicName: z.nullable(z.string()),
  address: z.string(),
  timeZone: z.string().check(z.minLength(1)),
  start: z.nullable(instant),
  end: z.nullable(instant),
  waitlistWindows: z.array(z.object({ start: instant, end: instant })),
  total: cents,
});

const storedSchema = z.object({
  marketplaceId: z.string(),
  /** The signed-in client's id when it was sent; null for a guest. */
  userId: z.nullable(z.string()),
  request: z.object({
    id: z.string(),
    status: z.enum(['PENDING', 'WAITLISTED']),
    dueOnConfirmation: cents,
    recap: recapSchema,
  }),
});
type StoredRequest = z.infer<typeof storedSchema>;

function tabStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Some privacy modes throw on any access to storage: then there is no recap after a reload.
    return null;
  }
}

/** Keeps the answer of a request just sent (without a recap, from an old stored answer, nothing is kept). */
export function rememberRequest(
  owner: { marketplaceId: string; userId: string | null },
  request: AppointmentRequest,
  storage: Storage | null = tabStorage(),
): void {
  if (!storage) return;
  if (!request.recap) {
    storage.removeItem(LAST_REQUEST_KEY);
    return;
  }
  const stored: StoredRequest = {
    ...owner,
    request: {
      id: request.id,
      status: request.status,
      dueOnConfirmation: request.dueOnConfirmation,
      recap: request.recap,
    },
  };
  try {
    storage.setItem(LAST_REQUEST_KEY, JSON.stringify(stored));
  } catch {
    // A full storage only costs the recap after a reload.
  }
}

/**
 * The last request sent in this tab at this marketplace by this person (null for a guest), or null:
 * none, another marketplace's or person's, or a value that is not what we wrote.
 */
export function lastRequest(
  owner: { marketplaceId: string; userId: string | null },
  storage: Storage | null = tabStorage(),
): RecappedRequest | null {
  const raw = storage?.getItem(LAST_REQUEST_KEY);
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  const result = storedSchema.safeParse(parsed);
  if (!result.success) return null;
  const { marketplaceId, userId, request } = result.data;
  return marketplaceId === owner.marketplaceId && userId === owner.userId ? request : null;
}

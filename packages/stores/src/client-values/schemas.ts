import { coordinates, TIMES_OF_DAY } from '@atrium/domain';
import * as z from 'zod/mini';

// zod/mini, imported as a namespace, rather than `import { z } from 'zod'`: bundlers then keep only the
// validators used here (about 10 KB gzip instead of over 80 KB with every locale), and this package is
// part of the first-paint bundle. Every stored value is decoded through one of these schemas
// (conventions: validate storage reads at the edge).

const toastTypes = ['info', 'success', 'warning', 'error'] as const;
/** Where a toast may appear on the page. */
export const TOAST_PLACEMENTS = [
  'bottom-left',
  'bottom-middle',
  'bottom-right',
  'left-middle',
  'right-middle',
  'top-left',
  'top-middle',
  'top-right',
] as const;

export const toastSchema = z.object({
  type: z.enum(toastTypes),
  message: z.string(),
  placement: z.optional(z.enum(TOAST_PLACEMENTS)),
  durationMs: z.optional(z.number().check(z.int(), z.positive())),
});
/** A toast: shown through the `toast` event, or kept in storage to show after a reload. */
export type Toast = z.infer<typeof toastSchema>;
export type ToastType = Toast['type'];
export type ToastPlacement = (typeof TOAST_PLACEMENTS)[number];

export const clinicLocationSchema = z.object({
  organizationId: z.string().check(z.minLength(1)),
  name: z.string(),
  address: z.string(),
  phone: z.string(),
});
/** A chosen clinic (a location with organizationId). */
export type ClinicLocation = z.infer<typeof clinicLocationSchema>;

// The map point is the domain's; the address is kept as stored, since the form checked it when typed.
export const homeLocationSchema = z.extend(coordinates, { address: z.string() });
/** The client's own address for a mobile visit (a location without organizationId). */
export type HomeLocation = z.infer<typeof homeLocationSchema>;

// Clinic first: a value with an organizationId is a clinic, never an address with the id stripped.
export const bookingLocationSchema = z.union([clinicLocationSchema, homeLocationSchema]);
/** Where the visit is. Named BookingLocation so it does not shadow the DOM's global `Location`. */
export type BookingLocation = ClinicLocation | HomeLocation;

export const LOCATION_TYPES = ['mobile', 'clinic'] as const;
export const locationTypeSchema = z.enum(LOCATION_TYPES);
/** The /set-location toggle: Mobile (own address) or In Clinic. */
export type LocationType = z.infer<typeof locationTypeSchema>;

export const selectedProcedureSchema = z.object({
  id: z.string().check(z.minLength(1)),
  addOnIds: z.array(z.string().check(z.minLength(1))),
});
/** One cart line: a procedure and the add-ons chosen with it. */
export type SelectedProcedure = z.infer<typeof selectedProcedureSchema>;

export const selectedDateTimeSchema = z.object({
  date: z.iso.date(),
  time: z.iso.time({ precision: -1 }),
});
/** A chosen slot, `date` as yyyy-MM-dd and `time` as HH:mm (the clinic's or client's local time). */
export type SelectedDateTime = z.infer<typeof selectedDateTimeSchema>;

export const waitlistEntrySchema = z.object({
  date: z.nullable(z.iso.date()),
  timesOfDay: z.array(z.enum(TIMES_OF_DAY)),
});
/** A waitlist entry; date null while the entry is being filled in (it is then incomplete). */
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

export const BOOKING_STEPS = ['services', 'schedule', 'confirm'] as const;
export const bookingStepSchema = z.enum(BOOKING_STEPS);
/** The booking flow's step, as its progress bar shows them: Services, Date & Time, Confirm. */
export type BookingStep = z.infer<typeof bookingStepSchema>;

export const ACCOUNT_TABS = ['profile', 'wallet', 'appointments'] as const;
export const accountTabSchema = z.enum(ACCOUNT_TABS);
export type AccountTab = z.infer<typeof accountTabSchema>;

// Loose: the shell may keep more of the viewer than these fields; only these are relied upon.
export const storedUserSchema = z.looseObject({
  id: z.string().check(z.minLength(1)),
  email: z.nullable(z.string()),
  givenName: z.nullable(z.string()),
  familyName: z.nullable(z.string()),
  emailConfirmed: z.boolean(),
  phoneConfirmed: z.boolean(),
});
/** The signed-in user as remembered between visits (for chrome before the viewer query returns). */
export type StoredUser = z.infer<typeof storedUserSchema>;

export const checkoutNoteAnswerSchema = z.union([z.string(), z.array(z.string()), z.boolean(), z.null()]);
/** TEXT/SELECT/DATETIME answers are strings, MULTISELECT a list, BOOLEAN a boolean. */
export type CheckoutNoteAnswer = z.infer<typeof checkoutNoteAnswerSchema>;
export const checkoutNotesSchema = z.record(z.string(), checkoutNoteAnswerSchema);
/** Answers to the marketplace's checkout notes, keyed by checkout note definition id. */
export type CheckoutNotes = z.infer<typeof checkoutNotesSchema>;

export const appliedPromoSchema = z.object({
  code: z.string().check(z.minLength(1), z.maxLength(15)),
  discountAmount: z.number().check(z.int(), z.nonnegative()),
});
/** A promo code that passed validation, with its discount in cents. */
export type AppliedPromo = z.infer<typeof appliedPromoSchema>;

export const marketplaceIdSchema = z.string().check(z.regex(/^\d+$/));

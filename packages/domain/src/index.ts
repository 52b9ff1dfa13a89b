export type {
  ClientChangeMode,
  ClientChangePolicy,
  ClientChangeRefusal,
  ClientChangeWindow,
} from './appointments/client-changes';
export {
  CLIENT_CHANGE_CUTOFF_HOURS,
  CLIENT_CHANGE_MODES,
  clientChangeWindow,
  DEFAULT_CLIENT_CHANGE_POLICY,
} from './appointments/client-changes';
export {
  OUTSIDE_VISIT_MAX_MINUTES,
  OUTSIDE_VISIT_MESSAGES,
  OUTSIDE_VISIT_NOTE_MAX_LENGTH,
  outsideVisitForm,
} from './appointments/outside-visits';
export type { BookingProgressInput } from './booking/booking-progress';
export { canCheckout, hasChosenTime, reachableSteps } from './booking/booking-progress';
export type { CartLine, CartTake } from './booking/cart';
export { addToCart, cartProcedureIds, cartTakesOnAdd, isInCart, removeFromCart } from './booking/cart';
export type { PhoneBookingClient, PhoneBookingPayment } from './booking/phone-booking';
export { PHONE_BOOKING_MESSAGES, phoneBookingClientForm } from './booking/phone-booking';
export type { ResumeStep, WaitlistEntryRule } from './booking/resume-step';
export { isWaitlistComplete, resumeStep } from './booking/resume-step';
export type { TimeOfDay } from './booking/times-of-day';
export {
  groupSlotsByTimeOfDay,
  sortTimesOfDay,
  TIME_OF_DAY_WINDOWS,
  TIMES_OF_DAY,
  timeOfDayOfSlot,
} from './booking/times-of-day';
export type { WaitlistDraft } from './booking/waitlist';
export { canSaveWaitlistEntry, saveWaitlistEntry } from './booking/waitlist';
export type { PriceOptionRow } from './catalogue-admin/catalogue-rules';
export {
  addOnRules,
  CATALOGUE_MESSAGES,
  CATALOGUE_NAME_MAX_LENGTH,
  catalogueName,
  categoryRules,
  durationMinutes,
  imageAddress,
  MAX_PRICE_CENTS,
  offerFormRules,
  orderedIds,
  priceCents,
  serviceRules,
  wordList,
} from './catalogue-admin/catalogue-rules';
export type { RgbColor } from './color/hex';
export { formatHexColor, isHexColor, normalizeHexColor, parseHexColor } from './color/hex';
export type { HslColor } from './color/hsl';
export { hslToRgb, rgbToHsl } from './color/hsl';
export { contrastRatio, DARK_LUMINANCE_THRESHOLD, isDarkColor, relativeLuminance } from './color/luminance';
export {
  contrastText,
  DARK_TEXT,
  hoverShade,
  mixColors,
  readableOn,
  shiftLightness,
  WHITE_TEXT,
} from './color/shades';
export {
  BIRTH_DATE_MESSAGES,
  type BirthDateProblem,
  birthDateError,
  checkBirthDate,
  maskBirthDateInput,
} from './forms/birth-date';
export { billingAddressFields, billingAddressForm, cardEntryForm, isCurrentExpiry } from './forms/card-rules';
export type { CheckoutNoteDefinition } from './forms/checkout-notes-form';
export { checkoutNoteAnswers, checkoutNotesGroups } from './forms/checkout-notes-form';
export { coordinates } from './forms/coordinates';
export {
  allowsDateMaskKey,
  DATE_MASK_KEYS,
  FIRST_BIRTH_YEAR,
  formatDateInput,
  ISO_DATE,
  MAX_YEARS_AHEAD,
  maskDateInput,
  parseDateInput,
  resolveDateBound,
} from './forms/dates';
export type { FieldRule } from './forms/field-rules';
export {
  anyCountryPhone,
  anyCountryPhoneNumber,
  birthDate,
  birthDateValue,
  emailAddress,
  fieldErrors,
  limitedText,
  NEW_PASSWORD_MESSAGES,
  newPassword,
  optional,
  optionalText,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  requiredPassword,
  requiredText,
  usPhone,
  usPhoneNumber,
} from './forms/field-rules';
export type {
  FormField,
  FormFieldPattern,
  FormFieldType,
  FormGroup,
  FormValue,
  FormValues,
} from './forms/form-definition';
export {
  fieldSchema,
  formSchema,
  normalizeFormValues,
  validateField,
  validateForm,
} from './forms/form-definition';
export type { RegistrationDetails } from './forms/form-rules';
export {
  ADDRESS_MAX_LENGTH,
  APPOINTMENT_ACTION_MESSAGES,
  CHANGE_PASSWORD_MESSAGES,
  CHECKOUT_PERSONAL_MESSAGES,
  CUSTOM_TIP_INVALID,
  changePasswordForm,
  checkoutPersonalFields,
  customTip,
  hasStarted,
  homeAddress,
  INVALID_PROMO_CODE,
  NAME_MAX_LENGTH,
  NOTES_MAX_LENGTH,
  newPasswordForm,
  normalizePromoCode,
  notes,
  PASSCODE_LENGTH,
  PROFILE_MESSAGES,
  PROMO_CODE_MAX_LENGTH,
  passcode,
  passwordSignInForm,
  phoneCode,
  phoneCodeForm,
  profileFields,
  promoCode,
  REASON_MAX_LENGTH,
  REASON_MESSAGES,
  RESET_PASSWORD_MESSAGES,
  reasonForClient,
  registrationForm,
  resetPasswordForm,
  SIGN_IN_EMAIL_MESSAGES,
  signInEmail,
  signInEmailForm,
  tipDollars,
} from './forms/form-rules';
export { isCanadianPostalCode, isCreditCardNumber, isEmail, isUsZip } from './forms/patterns';
export type { PhoneProblem } from './forms/phone';
export {
  formatPhone,
  formatUsPhone,
  formatUsPhoneInput,
  PHONE_INPUT_MAX_LENGTH,
  parseAnyCountryPhone,
  parseUsPhone,
  phoneHref,
} from './forms/phone';
export type { LinkedMarketplace } from './marketplace/marketplace-id';
export {
  canonicalMarketplacePath,
  linkedMarketplace,
  marketplaceIdFromPath,
} from './marketplace/marketplace-id';
export type { ImagePurpose, ImageUploadErrorCode } from './media/images';
export {
  acceptedImageTypes,
  checkImageFile,
  IMAGE_PURPOSE_OPERATION,
  IMAGE_PURPOSES,
  imageUploadMessage,
  isImagePurpose,
  MAX_IMAGE_BYTES,
  RASTER_IMAGE_TYPES,
  SVG_IMAGE_TYPE,
} from './media/images';
export { dollarsToCents, formatCents } from './money/format-cents';
export { minPrice, priceLabel } from './money/prices';
export type {
  MembershipForm,
  MembershipOffer,
  MembershipPeriod,
  PackageForm,
  PackageOffer,
  PromoCodeForm,
  PromoCodeKind,
  PromoCodeOffer,
  PromoCodeStatus,
} from './offers/offer-rules';
export {
  dollarsTextToCents,
  localDateTimeToIso,
  MEMBERSHIP_PERIODS,
  membershipForm,
  membershipOffer,
  OFFER_MESSAGES,
  offerCode,
  PROMO_KINDS,
  packageForm,
  packageOffer,
  promoCodeForm,
  promoCodeOffer,
  promoCodeStatus,
} from './offers/offer-rules';
export {
  GROUP_NAME_MAX_LENGTH,
  groupName,
  ianaTimeZone,
  MARKETPLACE_NAME_MAX_LENGTH,
  marketplaceName,
  NEW_MARKETPLACE_COLOR,
  ONBOARDING_MESSAGES,
  ownerEmail,
} from './onboarding/marketplace-onboarding';
export { cardBrandName, cardLabel } from './payments/card-brand';
export {
  isRefundRequestKey,
  REFUND_MESSAGES,
  refundAmountProblem,
  refundFieldValue,
  refundRefusedMessage,
  refundTooLargeMessage,
} from './payments/refund-rules';
export type { CartItem, CartLineTotal } from './pricing/cart-line';
export { cartLineTotal } from './pricing/cart-line';
export type { CentsRange } from './pricing/cents';
export { percentOfCents, ZERO_RANGE } from './pricing/cents';
export type {
  CheckoutLine,
  CheckoutSummary,
  CheckoutSummaryInput,
  MembershipDiscount,
  PackageCredit,
  PricedProcedure,
  PromoKind,
  PromoRule,
} from './pricing/checkout-summary';
export {
  computeCheckoutSummary,
  EMPTY_CHECKOUT_SUMMARY,
  promoAppliesTo,
  promoText,
  splitProportionally,
} from './pricing/checkout-summary';
export type { DueNowSettings, PaymentCollectionMethod, PaymentDepositType } from './pricing/due-now';
export { dueNow, PAYMENT_CAPTIONS, paymentCaption } from './pricing/due-now';
export type { TipPreset } from './pricing/tips';
export { MAX_TIP_DOLLARS, TIP_PERCENTAGES, tipPresets, tipToCents } from './pricing/tips';
export { durationLabel, formatDuration } from './procedures/duration';
export type { BrandContrast } from './settings/brand-contrast';
export { brandContrast, brandContrastWarning, MIN_TEXT_CONTRAST } from './settings/brand-contrast';
export type {
  CheckoutNoteInput,
  CheckoutNoteType,
  ClinicSettings,
  MarketplaceDetails,
  OpeningInterval,
  PaymentSettingsInput,
  SchedulingRules,
  ServiceAreaSettings,
} from './settings/settings-rules';
export {
  CHECKOUT_NOTE_TYPES,
  COLLECTION_METHODS,
  centsAsDollarsText,
  checkoutNoteRules,
  clinicRules,
  DEPOSIT_TYPES,
  marketplaceDetailsRules,
  minutesOfTime,
  openingHoursProblem,
  paymentSettingsRules,
  SERVICE_AREA_KINDS,
  SETTINGS_MESSAGES,
  schedulingRules,
  serviceAreaRules,
  timeOfMinutes,
} from './settings/settings-rules';
export type { StaffOperation, StaffRole, StaffScope } from './staff/permissions';
export {
  STAFF_OPERATIONS,
  STAFF_ROLES,
  staffMay,
  staffPermissions,
  staffRoleLabels,
  staffScope,
} from './staff/permissions';
export {
  isLocalDate,
  REPORT_MAX_DAYS,
  REPORT_PERIOD_MESSAGES,
  reportPeriodDays,
  reportPeriodProblem,
} from './staff/report-period';
export type { WeeklyInterval } from './team/team-rules';
export {
  dayHoursForm,
  dayHoursInterval,
  formatTimeOfDay,
  HOURS_STEP_MINUTES,
  hoursInterval,
  isPhotoUrl,
  overlappingIntervals,
  PRACTITIONER_NAME_MAX_LENGTH,
  parseTimeOfDay,
  photoUrl,
  practitionerForm,
  practitionerName,
  staffInvitationForm,
  staffRoleChoice,
  TEAM_MESSAGES,
  TIME_OFF_REASON_MAX_LENGTH,
  timeOffForm,
  weeklyHours,
} from './team/team-rules';

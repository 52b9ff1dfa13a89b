export type { BookingProgressInput } from './booking/booking-progress';
export { canCheckout, hasChosenTime, reachableSteps } from './booking/booking-progress';
export type { CartLine } from './booking/cart';
export { addToCart, cartProcedureIds, isInCart, removeFromCart } from './booking/cart';
export type { ResumeStep, WaitlistEntryRule } from './booking/resume-step';
export { isWaitlistComplete, resumeStep } from './booking/resume-step';
export type { TimeOfDay } from './booking/times-of-day';
export { TIMES_OF_DAY } from './booking/times-of-day';
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
export { marketplaceIdFromPath } from './marketplace/marketplace-id';
export { dollarsToCents, formatCents } from './money/format-cents';
export { minPrice, priceLabel } from './money/prices';

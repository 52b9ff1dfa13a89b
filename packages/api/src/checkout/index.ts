// The checkout context's public entry: what other contexts, the composition root and tests use of it.

export { queueDueReminders } from './appointment-notices/reminders';
export type { BookingPlace } from './booking/booking-request';
export { MarketplaceNotLiveError } from './booking/marketplace-live';
export { exclusionViolation, sqlState } from './booking/sql-state';
export type {
  OnBehalfBookingView,
  OnBehalfClient,
  OnBehalfPayment,
  OnBehalfQuote,
} from './booking/staff-booking';
export { bookOnBehalf, quoteOnBehalf } from './booking/staff-booking';
export { bookingPlace } from './booking-choices';
export { cancelWithRefund } from './cancellation';
export type { CheckoutNoteAnswer } from './checkout-notes';
export type { ClientChangeInput, ClientChangeRights } from './client-changes';
export {
  ClientChangeRefusedError,
  clientCancelAppointment,
  clientChangeMessages,
  clientChangeRefusalCodes,
  clientRescheduleAppointment,
  clientRescheduleTimes,
} from './client-changes';
export type { CheckoutConfig } from './config';
export { defaultCheckoutConfig, developmentOperatorKey, loadCheckoutConfig } from './config';
export { reconcilePendingConfirmations } from './confirmation-reconciliation';
export { SlotTakenError, slotTakenMessage } from './errors';
export { appointmentId, localDate } from './inputs';
export { markNoShow } from './no-show';
export type { OperatorAppointmentResult, OperatorDependencies } from './operator-actions';
export {
  cancelAppointment,
  completeAppointment,
  confirmAppointment,
  declineAppointment,
} from './operator-actions';
export type { CheckoutContext, CheckoutPorts } from './ports';
export { handleProcessorEvent, processorEventLifetimeMs, refundedInProcessor } from './processor-events';
export { promoMessages } from './promo-codes';
export { sendPaymentReceipt } from './receipts/send-receipt';
export type { RefundOutcome } from './refunds';
export { refundPayment } from './refunds';
export type { RescheduleOptions, RescheduleTarget } from './reschedule';
export { rescheduleAppointment, rescheduleMessages, rescheduleOptions } from './reschedule';
export {
  appointmentPayments,
  appointmentRefunds,
  appointmentRequestProcedures,
  appointmentRequests,
  checkoutNoteAnswers,
  promoCodes,
  waitlistOffers,
  waitlistRequestRanges,
  waitlistRequests,
} from './tables';
export {
  acceptWaitlistOffer,
  createWaitlistOffer,
  getWaitlistOffer,
  loadWaitlistRequestForOffer,
  practitionerFreeFor,
  waitlistOfferMessages,
} from './waitlist-offers';

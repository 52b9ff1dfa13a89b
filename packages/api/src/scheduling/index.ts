// The scheduling context's public entry: what other contexts, the composition root and tests use of it.
export { clipToBookableDates, loadPlaceSchedules, slotRules } from './availability';
export type { PractitionerSchedule } from './engine';
export {
  appointmentStartsOf,
  choosePractitioner,
  findAvailableSlots,
  rankPractitioners,
  withoutHeldTime,
  workingMinutes,
} from './engine';
export type { NamedSchedule, ScheduleClinic } from './load-schedules';
export { loadSchedules } from './load-schedules';
export type { AppointmentStatus } from './tables';
export {
  appointments,
  liveAppointmentStatuses,
  practitionerDayChangeHours,
  practitionerDayChanges,
  practitionerProcedures,
  practitioners,
  practitionerTimeOff,
  practitionerWorkingHours,
  schedulingSettings,
} from './tables';

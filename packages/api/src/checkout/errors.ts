import { InvalidInputError } from '../kernel/errors';

export const slotTakenMessage = 'This time is no longer available. Please choose another time.';

/** The time was taken by someone else (or is no longer bookable): SLOT_TAKEN, so the page offers another. */
export class SlotTakenError extends InvalidInputError {
  constructor() {
    super(slotTakenMessage);
  }
}

import { describe, expect, it } from 'vitest';
import { actionLabel } from './activity-format';

describe('actionLabel', () => {
  it('names the actions that read badly word by word, and spells out the rest', () => {
    expect(actionLabel('appointment.outside.add')).toBe('Added a visit booked elsewhere');
    expect(actionLabel('appointment.outside.remove')).toBe('Removed a visit booked elsewhere');
    expect(actionLabel('practitioner.time-off.add')).toBe('Practitioner time off add');
    expect(actionLabel('promoCode.create')).toBe('Promo code create');
  });
});

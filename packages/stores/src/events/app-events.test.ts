import { describe, expect, it } from 'vitest';
import type { AppEvents } from './app-events';
import { emit, on } from './app-events';

describe('app events (the bus between remotes and the shell)', () => {
  it('delivers sign-in:open, toast, error, navigation-error, location-changed and booking:completed', () => {
    const seen: Array<[keyof AppEvents, unknown]> = [];
    const offs = [
      on('sign-in:open', (p) => seen.push(['sign-in:open', p])),
      on('toast', (p) => seen.push(['toast', p])),
      on('error', (p) => seen.push(['error', p])),
      on('navigation-error', (p) => seen.push(['navigation-error', p])),
      on('location-changed', (p) => seen.push(['location-changed', p])),
      on('booking:completed', (p) => seen.push(['booking:completed', p])),
    ];
    emit('sign-in:open', { email: 'ana@example.com', redirectTo: '/1/profile' });
    emit('toast', { type: 'success', message: 'Logged out successfully' });
    emit('toast', { type: 'error', message: 'An error occurred, please try later', placement: 'top-middle' });
    emit('error', { message: 'There was an issue with retrieving the marketplace data' });
    emit('navigation-error', { message: 'Please choose a date and time' });
    emit('location-changed');
    emit('booking:completed', { appointmentId: '81' });
    for (const off of offs) off();

    expect(seen).toEqual([
      ['sign-in:open', { email: 'ana@example.com', redirectTo: '/1/profile' }],
      ['toast', { type: 'success', message: 'Logged out successfully' }],
      ['toast', { type: 'error', message: 'An error occurred, please try later', placement: 'top-middle' }],
      ['error', { message: 'There was an issue with retrieving the marketplace data' }],
      ['navigation-error', { message: 'Please choose a date and time' }],
      ['location-changed', {}],
      ['booking:completed', { appointmentId: '81' }],
    ]);
  });
});

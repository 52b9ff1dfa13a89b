import { describe, expect, it } from 'vitest';
import { ForbiddenError } from '../identity';
import type { Db } from '../kernel/database/database';
import { requireStaff, staffViewer, systemContext } from './access';

// No database: the system actor must be turned away before anything is read.
const context = systemContext({} as Db, 'Atrium demo seed');

describe('the system actor (the demo seed)', () => {
  it('is refused by the staff guard: it reads nothing and acts only through changeAsStaff', async () => {
    await expect(requireStaff(context, 1, 'viewRequests')).rejects.toThrow(ForbiddenError);
    await expect(requireStaff(context, 1, 'editCatalogue')).rejects.toThrow(
      'You are not on the staff of this marketplace.',
    );
  });

  it('is no staff member to the console', async () => {
    expect(await staffViewer(context, 1)).toBeNull();
  });
});

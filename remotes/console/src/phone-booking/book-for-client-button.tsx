import { staffMay } from '@atrium/domain';
import { Link as RouterLink } from '@atrium/navigation';
import { Button, PlusIcon } from '@atrium/ui';
import type { ConsoleStaff } from '../shell/console-staff';

/** Requests' way to "Book for a client", shown only to a role that may book for clients. */
export function BookForClientButton({
  marketplaceId,
  staff,
}: {
  marketplaceId: string;
  staff: ConsoleStaff;
}) {
  if (!staffMay(staff.role, 'createBooking')) return null;
  return (
    <Button asChild alignSelf={{ base: 'stretch', sm: 'start' }}>
      <RouterLink to={`/${marketplaceId}/console/requests/book`}>
        <PlusIcon aria-hidden="true" />
        Book for a client
      </RouterLink>
    </Button>
  );
}

import { staffMay } from '@atrium/domain';
import { useStaffUnreadRequestCount } from '@atrium/graphql-client/staff-request-notices';
import { Badge, VisuallyHidden } from '@atrium/ui';
import type { ConsoleSectionProps } from '../shell/console-staff';

/**
 * The count of new requests beside "Requests" in the navigation, shown when there are any: seen as
 * "Requests 3", read as "Requests 3 unread" (the words on screen start the link's name).
 */
export function UnreadRequestsBadge({ marketplaceId, staff }: ConsoleSectionProps) {
  const unread = useStaffUnreadRequestCount(marketplaceId, staffMay(staff.role, 'followNewRequests'));
  const count = unread.data ?? 0;
  if (count <= 0) return null;
  return (
    <>
      {' '}
      <Badge colorPalette="brand" variant="solid" ms="1" rounded="full">
        {count > 99 ? '99+' : count}
        <VisuallyHidden> unread</VisuallyHidden>
      </Badge>
    </>
  );
}

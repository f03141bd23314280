import { Badge, CloseButton, Group, Tooltip } from '@mantine/core';
import { adminApi } from '../../api/admin-api';
import { useAdminUnlock } from '../../lib/use-admin-unlock';

/** In the status bar while this window is unlocked: so nobody walks away from an open desk unaware. */
export function AdminStatusBadge() {
  const unlock = useAdminUnlock();
  if (!unlock) return null;
  const until = new Date(unlock.expiresAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return (
    <Group gap={2} wrap="nowrap">
      <Tooltip label={`Administrator actions are unlocked in this window until ${until} (each one extends it)`}>
        <Badge size="sm" color="red" variant="light" tt="none" tabIndex={0} data-testid="status-admin">
          Administrator until {until}
        </Badge>
      </Tooltip>
      <CloseButton
        size="sm"
        aria-label="Lock administrator actions"
        onClick={() => void adminApi.lock()}
        data-testid="status-admin-lock"
      />
    </Group>
  );
}

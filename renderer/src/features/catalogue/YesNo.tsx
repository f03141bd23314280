import { Badge } from '@mantine/core';

/** A boolean of a catalogue record, readable at a glance. */
export function YesNo({ value }: { value: boolean }) {
  return value ? (
    <Badge color="teal" variant="light" size="sm">
      Yes
    </Badge>
  ) : (
    <Badge color="gray" variant="outline" size="sm">
      No
    </Badge>
  );
}

/** Active or not; inactive records are also dimmed in the lists. */
export function ActiveBadge({ active }: { active: boolean }) {
  return active ? (
    <Badge color="teal" variant="light" size="sm">
      Active
    </Badge>
  ) : (
    <Badge color="orange" variant="light" size="sm">
      Inactive
    </Badge>
  );
}

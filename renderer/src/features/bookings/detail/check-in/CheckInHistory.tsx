import { List, Text } from '@mantine/core';
import type { CheckInMark } from '../../../../../../shared/schemas/reception';
import { CHECK_IN_LABELS } from '../../../../lib/check-in-keys';
import { formatInstant } from '../time';

/** How many earlier marks the card lists (the newest); the rest are in the desk's history all the same. */
const SHOWN = 5;

/**
 * The booking's earlier marks, newest first: when two desks marked the same guest while apart,
 * the one in force is the one made last, and this says what the other desk had marked, who and when.
 * Shown only when there is more than the mark in force.
 */
export function CheckInHistory({ history, timeZone }: { history: CheckInMark[]; timeZone: string | undefined }) {
  if (history.length < 2) return null;
  const earlier = history.slice(0, -1).reverse().slice(0, SHOWN);
  return (
    <div data-testid="check-in-history">
      <Text size="xs" fw={600} c="dimmed">
        Earlier marks
      </Text>
      <List size="xs" c="dimmed" spacing={2}>
        {earlier.map((mark) => (
          <List.Item key={`${mark.made_at}-${mark.desk ?? ''}-${mark.state ?? 'none'}`}>
            {mark.state ? CHECK_IN_LABELS[mark.state] : 'Unmarked'} by {mark.recorded_by ?? 'someone'}
            {mark.desk ? ` at ${mark.desk}` : ''}, {formatInstant(mark.made_at, timeZone)}
          </List.Item>
        ))}
      </List>
    </div>
  );
}

import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { isoDate } from '../../../../../shared/schemas/common';
import { daySheetQuery } from '../../../api/reception-api';
import { ROUTES } from '../../../lib/routes';
import { IconArrowLeft, IconPrinter } from '../../../components/icons';
import { ErrorState, LoadingState } from '../../../components/states';
import { formatDate } from '../../../lib/format';
import classes from './DaySheet.module.css';
import { DaySheetTable } from './DaySheetTable';
import { useRefetchWhenCopyRefreshed } from '../list/useRefetchWhenCopyRefreshed';

/**
 * One jump day's bookings on paper, for the manifest and the filmers who work from a printout:
 * the dropzone and day as heading, a row per booking with what they need, and check-in boxes to
 * tick by pen (pre-filled for those already marked). Print styles: A4, the app's chrome hidden,
 * the header repeated per page.
 */
export function DaySheetPage({ day }: { day: string }) {
  const [, navigate] = useLocation();
  const valid = isoDate.safeParse(day).success;
  // Local mode: the desk's store; proxy mode: the desk's copy of the remote, online and offline.
  const sheet = useQuery({ ...daySheetQuery(day), enabled: valid });
  useRefetchWhenCopyRefreshed();

  const toolbar = (
    <Group justify="space-between" className={classes.noPrint} gap="xs">
      <Button variant="subtle" leftSection={<IconArrowLeft />} onClick={() => navigate(ROUTES.bookings)}>
        Bookings
      </Button>
      <Group gap="xs">
        <Text size="xs" c="dimmed" visibleFrom="md">
          For a PDF, pick “Save as PDF” as the printer in the print dialog.
        </Text>
        <Button
          leftSection={<IconPrinter />}
          onClick={() => window.print()}
          disabled={!sheet.isSuccess}
          data-testid="print-day-sheet"
        >
          Print
        </Button>
      </Group>
    </Group>
  );

  let body;
  if (!valid) body = <Alert color="red">“{day}” is not a day (YYYY-MM-DD).</Alert>;
  else if (sheet.isError) body = <ErrorState error={sheet.error} onRetry={() => sheet.refetch()} />;
  else if (!sheet.isSuccess) body = <LoadingState label="Loading the day sheet…" />;
  else {
    body = (
      <Stack gap="xs" className={classes.sheet} data-testid="day-sheet">
        <Group justify="space-between" align="baseline" wrap="nowrap">
          <Title order={2} className={classes.heading}>
            {sheet.data.dropzone} · {formatDate(sheet.data.day)}
          </Title>
          <Text size="sm" className={classes.count}>
            {sheet.data.bookings.length} {sheet.data.bookings.length === 1 ? 'booking' : 'bookings'}
          </Text>
        </Group>
        {sheet.data.bookings.length === 0 ? (
          <Text>No bookings on this day.</Text>
        ) : (
          <DaySheetTable sheet={sheet.data} />
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      {toolbar}
      {body}
    </Stack>
  );
}

import { Button } from '@mantine/core';
import { useLocation } from 'wouter';
import { ROUTES } from '../../../lib/routes';
import { IconPrinter } from '../../../components/icons';
import { daySheetDay, type DateRange } from './dateRanges';

/** Opens the printable day sheet of the day the list shows (a single day), else of today. */
export function DaySheetButton({ range, today }: { range: DateRange; today: string }) {
  const [, navigate] = useLocation();
  const day = daySheetDay(range, today);
  return (
    <Button
      variant="default"
      leftSection={<IconPrinter />}
      onClick={() => navigate(ROUTES.daySheet(day))}
      title={`The printable sheet of ${day}`}
      data-testid="day-sheet-button"
    >
      Day sheet
    </Button>
  );
}

import { Button } from '@mantine/core';
import { useLocation } from 'wouter';
import { ROUTES } from '../../../app/routes';
import { IconPrinter } from '../../../components/icons';
import type { DateRange } from './dateRanges';

/** The day a day sheet is for: the one day the list shows, else the dropzone's today. */
export function daySheetDay(range: DateRange, today: string): string {
  return range.from !== null && range.from === range.to ? range.from : today;
}

/** Opens the printable day sheet of the day the list shows (a single day), else of today. */
export function DaySheetButton({ range, today }: { range: DateRange; today: string }) {
  const [, navigate] = useLocation();
  const day = daySheetDay(range, today);
  return (
    <Button variant="default" leftSection={<IconPrinter />} onClick={() => navigate(ROUTES.daySheet(day))} title={`The printable sheet of ${day}`} data-testid="day-sheet-button">
      Day sheet
    </Button>
  );
}

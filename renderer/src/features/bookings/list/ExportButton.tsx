import { Button, Popover, SegmentedControl, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { receptionApi, type DeskListFilters } from '../../../api/reception-api';
import { IconDownload } from '../../../components/icons';
import { saveBlob } from '../../../lib/save-blob';
import { CSV_DELIMITERS, loadDelimiter, saveDelimiter, type CsvDelimiter } from './csvDelimiter';

export interface ExportButtonProps {
  filters: DeskListFilters;
  /** How many bookings the list holds over all its pages (null: not known yet). */
  total: number | null;
  /** Dates the file's name, should the server give it none. */
  today: string;
}

const count = new Intl.NumberFormat();

/**
 * The list as the server exports it: every page of the current filters and sort, as CSV. The
 * separator is asked once and remembered (default: the locale's spreadsheet separator).
 */
export function ExportButton({ filters, total, today }: ExportButtonProps) {
  const [delimiter, setDelimiter] = useState(() => loadDelimiter(localStorage, navigator.language));
  const [busy, setBusy] = useState(false);
  const [opened, setOpened] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      // Fetched like every call (the token in a header, never in a URL that logs keep), then saved
      // under the server's name for what was exported (bookings-2026-11-24.csv); a dated one if it gave none.
      const file = await receptionApi.exportCsv(filters, delimiter);
      saveBlob(file, file.name || `bookings-${today}.csv`);
      setOpened(false);
    } catch (error) {
      notifications.show({ color: 'red', title: 'Export failed', message: (error as Error).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" withArrow trapFocus returnFocus>
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<IconDownload />}
          onClick={() => setOpened((open) => !open)}
          data-testid="export-button"
        >
          Export
        </Button>
      </Popover.Target>
      <Popover.Dropdown data-testid="export-menu">
        <Stack gap="sm" w={260}>
          <Text size="sm">
            {total === null
              ? 'Every booking of this list'
              : `All ${count.format(total)} ${total === 1 ? 'booking' : 'bookings'} of this list`}
            , every page, in this order, as CSV.
          </Text>
          <Stack gap={4}>
            <Text size="xs" fw={600} id="export-delimiter-label">
              Separator (as your spreadsheet expects)
            </Text>
            <SegmentedControl
              aria-labelledby="export-delimiter-label"
              size="xs"
              value={delimiter}
              onChange={(value) => {
                setDelimiter(value as CsvDelimiter);
                saveDelimiter(localStorage, value as CsvDelimiter);
              }}
              data={CSV_DELIMITERS}
              data-testid="export-delimiter"
            />
          </Stack>
          <Button
            onClick={download}
            loading={busy}
            disabled={total === 0}
            leftSection={<IconDownload />}
            data-testid="export-download"
          >
            Download CSV
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

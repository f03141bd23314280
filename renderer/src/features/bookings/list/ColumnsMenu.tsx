import { Button, Checkbox, Divider, Group, Popover, Stack, Text } from '@mantine/core';
import type { Table, VisibilityState } from '@tanstack/react-table';
import type { ListedBooking } from '../../../api/reception-api';
import { IconColumns } from '../../../components/icons';
import { columnLabel } from '../../../components/grid/columnLayout';

/** Which columns show, and a way back to the default layout. Remembered between runs. */
export function ColumnsMenu({ table, defaults }: { table: Table<ListedBooking>; defaults: VisibilityState }) {
  const columns = table.getAllLeafColumns();
  return (
    <Popover position="bottom-end" shadow="md" withArrow trapFocus returnFocus>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns />} data-testid="columns-menu-button">
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown data-testid="columns-menu">
        <Stack gap={8} miw={200}>
          <Text size="xs" fw={650} c="dimmed" tt="uppercase">
            Show columns
          </Text>
          {columns.map((column) => {
            return (
              <Checkbox
                key={column.id}
                label={columnLabel(column)}
                checked={column.getIsVisible()}
                disabled={!column.getCanHide()}
                onChange={column.getToggleVisibilityHandler()}
                size="sm"
              />
            );
          })}
          <Divider my={4} />
          <Group gap="xs" justify="space-between">
            <Button size="xs" variant="subtle" onClick={() => table.setColumnVisibility(defaults)}>
              Default columns
            </Button>
            <Button size="xs" variant="subtle" onClick={() => table.resetColumnSizing(true)}>
              Reset widths
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

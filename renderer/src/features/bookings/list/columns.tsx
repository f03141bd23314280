import { Badge, Tooltip } from '@mantine/core';
import { createColumnHelper, type SortingFn, type VisibilityState } from '@tanstack/react-table';
import type { BookingListItem } from '../../../../../shared/schemas/booking';
import { formatDate } from '../../../lib/format';
import { BOOKING_FIELD_LABELS } from '../fieldLabels';
import classes from './bookingCells.module.css';

/** What cells may read from the table: the dropzone's today, to mark today's jumps. */
export interface BookingsGridMeta {
  today: string;
}

type TextField = 'name' | 'email' | 'mobile' | 'camera_package' | 'language' | 'reference' | 'external_service' | 'link';
type Tone = 'muted' | 'today';

const col = createColumnHelper<BookingListItem>();
const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
const byText: SortingFn<BookingListItem> = (a, b, id) => collator.compare(String(a.getValue(id)), String(b.getValue(id)));
/** Blank values sort last in either direction (TanStack's sortUndefined), so they read as "missing", not as "A". */
const blankAsUndefined = (value: string | null) => (value === null || value.trim() === '' ? undefined : value);

const None = () => <span className={classes.none}>—</span>;

/** Plain spans, not components with theme lookups: a page holds 200 rows of these. */
function TextCell({ value, tone, mono, upper, title = value }: { value: string | undefined; tone?: Tone; mono?: boolean; upper?: boolean; title?: string }) {
  if (value === undefined) return <None />;
  return (
    <span className={classes.text} data-tone={tone} data-mono={mono || undefined} data-upper={upper || undefined} title={title}>
      {value}
    </span>
  );
}

interface TextColumnOptions {
  tone?: Tone;
  mono?: boolean;
  upper?: boolean;
  /** A shorter header than the field's name (the full name shows in the columns menu). */
  header?: string;
  alwaysVisible?: boolean;
}

function textColumn(field: TextField, size: number, options: TextColumnOptions = {}) {
  const label = field === 'link' ? 'Link' : BOOKING_FIELD_LABELS[field];
  return col.accessor((row) => blankAsUndefined(row[field]), {
    id: field,
    header: options.header ?? label,
    meta: { label },
    size,
    enableHiding: !options.alwaysVisible,
    sortingFn: byText,
    sortUndefined: 'last',
    cell: (context) => <TextCell value={context.getValue()} tone={options.tone} mono={options.mono} upper={options.upper} />,
  });
}

/**
 * The grid's columns: module-level, so the reference never changes (TanStack re-derives
 * everything when `columns` changes identity).
 */
export const BOOKING_COLUMNS = [
  col.accessor((row) => row.jump_on ?? undefined, {
    id: 'jump_on',
    header: BOOKING_FIELD_LABELS.jump_on,
    size: 140,
    sortUndefined: 'last',
    sortingFn: 'alphanumeric',
    cell: (context) => {
      const date = context.getValue();
      if (!date) return <None />;
      const today = (context.table.options.meta as BookingsGridMeta | undefined)?.today;
      const tone = date === today ? 'today' : today && date < today ? 'muted' : undefined;
      return <TextCell value={formatDate(date)} tone={tone} title={date === today ? `${date} (today)` : date} />;
    },
  }),
  // A row without a name means nothing at the desk: this column cannot be hidden.
  textColumn('name', 160, { alwaysVisible: true }),
  textColumn('email', 200),
  textColumn('mobile', 148),
  textColumn('camera_package', 160),
  col.accessor((row) => row.external_id ?? undefined, {
    id: 'external_id',
    header: BOOKING_FIELD_LABELS.external_id,
    size: 116,
    sortingFn: byText,
    sortUndefined: 'last',
    cell: (context) => {
      const id = context.getValue();
      if (id !== undefined) return <TextCell value={id} mono />;
      return (
        <Tooltip label="No external id: this booking is only listed. It cannot be opened, edited or deleted here." multiline w={260} withArrow openDelay={200}>
          <Badge size="sm" variant="outline" color="gray" radius="sm" tt="none" data-testid="no-external-id">
            none
          </Badge>
        </Tooltip>
      );
    },
  }),
  textColumn('language', 60, { upper: true, header: 'Lang.' }),
  col.accessor('show_publicly', {
    id: 'show_publicly',
    header: 'Public',
    meta: { label: 'Public (show publicly)' },
    size: 66,
    sortingFn: 'basic',
    cell: (context) =>
      context.getValue() ? (
        <Badge size="sm" variant="light" color="teal" radius="sm" tt="none">
          Yes
        </Badge>
      ) : (
        <TextCell value="No" tone="muted" />
      ),
  }),
  textColumn('reference', 136, { tone: 'muted' }),
  textColumn('external_service', 130),
  textColumn('link', 110, { mono: true }),
  col.accessor('id', { id: 'id', header: 'Desk id', size: 80, sortingFn: 'basic', cell: (context) => <TextCell value={String(context.getValue())} mono /> }),
];

/** Shown until the user decides otherwise. */
export const DEFAULT_COLUMN_VISIBILITY: VisibilityState = { external_service: false, link: false, id: false };

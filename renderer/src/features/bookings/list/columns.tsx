import { Badge, Tooltip } from '@mantine/core';
import { createColumnHelper, type ColumnDef, type VisibilityState } from '@tanstack/react-table';
import { DESK_SORT_KEYS, type CheckInState } from '../../../../../shared/schemas/reception';
import { albumStage } from '../../../../../shared/service/album';
import type { ListedBooking } from '../../../api/reception-api';
import type { GridColumnMeta } from '../../../components/grid/columnLayout';
import { formatDate, formatMoney } from '../../../lib/format';
import { CAMERA_REQUIREMENT_LABELS } from '../../../lib/booking-labels';
import { BOOKING_FIELD_LABELS } from '../../../lib/booking-field-labels';
import classes from './bookingCells.module.css';
import { CheckInControl } from './CheckInControl';

/** What cells may read from the table: the dropzone's today (to mark today's jumps), its currency, the check-in action. */
export interface BookingsGridMeta {
  today: string;
  currency: string | null;
  onCheckIn: (booking: ListedBooking, state: CheckInState | null) => void;
}

type TextField =
  'name' | 'email' | 'mobile' | 'camera_package' | 'language' | 'reference' | 'external_service' | 'link';
type Tone = 'muted' | 'today';

const col = createColumnHelper<ListedBooking>();
/** Blank values read as "missing" (a dash), not as an empty cell. */
const blankAsUndefined = (value: string | null) => (value === null || value.trim() === '' ? undefined : value);

const None = () => <span className={classes.none}>—</span>;

/** Plain spans, not components with theme lookups: a page holds 200 rows of these. */
function TextCell({
  value,
  tone,
  mono,
  upper,
  title = value,
}: {
  value: string | undefined;
  tone?: Tone;
  mono?: boolean;
  upper?: boolean;
  title?: string;
}) {
  if (value === undefined) return <None />;
  return (
    <span
      className={classes.text}
      data-tone={tone}
      data-mono={mono || undefined}
      data-upper={upper || undefined}
      title={title}
    >
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
    cell: (context) => (
      <TextCell value={context.getValue()} tone={options.tone} mono={options.mono} upper={options.upper} />
    ),
  });
}

const gridMeta = (table: { options: { meta?: unknown } }) => table.options.meta as BookingsGridMeta | undefined;

const CAMERA_SHORT: Record<string, string> = {
  either: 'Either',
  selfie: 'Selfie',
  videographer: 'Videographer',
  both: 'Selfie + video',
};
const ALBUM_WORDS = { none: undefined, preview: 'Preview sent', delivered: 'Delivered', other: undefined } as const;

/** What only the desk list carries: product, camera, filmer, album, check-in. */
const DESK_COLUMNS_ONLY = [
  col.accessor((row) => row.product ?? undefined, {
    id: 'product',
    header: 'Product',
    size: 170,
    cell: (context) => {
      const product = context.getValue();
      if (!product) return <None />;
      const currency = gridMeta(context.table)?.currency;
      const price = currency ? formatMoney(product.price_cents, currency) : null;
      const text = price ? `${product.name} · ${price}` : product.name;
      return <TextCell value={text} />;
    },
  }),
  col.accessor((row) => row.camera_requirement ?? undefined, {
    id: 'camera_requirement',
    header: 'Camera',
    meta: { label: 'Camera requirement' },
    size: 104,
    cell: (context) => {
      const camera = context.getValue();
      return camera ? (
        <TextCell value={CAMERA_SHORT[camera] ?? camera} title={CAMERA_REQUIREMENT_LABELS[camera] ?? camera} />
      ) : (
        <None />
      );
    },
  }),
  col.accessor((row) => row.check_in?.state ?? undefined, {
    id: 'check_in',
    header: 'Check-in',
    size: 100,
    cell: (context) => {
      const onCheckIn = gridMeta(context.table)?.onCheckIn;
      return onCheckIn ? <CheckInControl booking={context.row.original} onCheckIn={onCheckIn} /> : <None />;
    },
  }),
  col.accessor((row) => row.filmer ?? undefined, {
    id: 'filmer',
    header: 'Filmer',
    size: 130,
    cell: (context) => <TextCell value={context.getValue()} />,
  }),
  col.accessor((row) => row.album_status_raw ?? undefined, {
    id: 'album',
    header: 'Album',
    size: 110,
    cell: (context) => {
      const raw = context.getValue() ?? null;
      const words = ALBUM_WORDS[albumStage(raw)] ?? raw ?? undefined;
      return (
        <TextCell value={words} title={raw ?? undefined} tone={albumStage(raw) === 'delivered' ? 'muted' : undefined} />
      );
    },
  }),
];

/**
 * The grid's columns, Sync API's first. Module-level (below), so the references never change
 * (TanStack re-derives everything when `columns` changes identity).
 */
const SYNC_COLUMNS = [
  col.accessor((row) => row.jump_on ?? undefined, {
    id: 'jump_on',
    header: BOOKING_FIELD_LABELS.jump_on,
    size: 140,
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
    cell: (context) => {
      const id = context.getValue();
      if (id !== undefined) return <TextCell value={id} mono />;
      return (
        <Tooltip
          label="No external id: this booking is only listed. It cannot be opened, edited or deleted here."
          multiline
          w={260}
          withArrow
          openDelay={200}
        >
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
  col.accessor('id', {
    id: 'id',
    header: 'Desk id',
    size: 80,
    cell: (context) => <TextCell value={String(context.getValue())} mono />,
  }),
];

type BookingColumn = ColumnDef<ListedBooking, never>;

/**
 * The text-heavy columns share the room a wide window leaves, and give it up on a narrow one
 * down to their `minSize` before the grid scrolls sideways: e-mail first, then the name, the
 * product last (its price must show whole while there is any room). The other columns hold
 * short, known-width values (dates, phone numbers, ids) and keep their widths.
 */
const FLEXIBLE: Record<string, { minSize: number; meta: GridColumnMeta }> = {
  name: { minSize: 120, meta: { grow: 1, shrink: 0.5 } },
  email: { minSize: 140, meta: { grow: 1, shrink: 1 } },
  product: { minSize: 130, meta: { grow: 1, shrink: 0.05 } },
  camera_package: { minSize: 120, meta: { grow: 1, shrink: 1 } },
};

function flexible<C extends BookingColumn>(column: C): C {
  const flex = FLEXIBLE[column.id!];
  return flex
    ? { ...column, minSize: flex.minSize, meta: { ...(column.meta as GridColumnMeta | undefined), ...flex.meta } }
    : column;
}

const DESK_ORDER = [
  'jump_on',
  'name',
  'check_in',
  'mobile',
  'email',
  'product',
  'camera_requirement',
  'filmer',
  'album',
  'camera_package',
  'external_id',
];
/**
 * The desk's widths: what the demo dropzone's values take whole ("Wed, Sep 30, 2026",
 * "+353 87 046 0211", "Videographer 4K + raw footage · €199.00"). The flexible columns fall
 * back towards their minSize so the default columns fit a 1024 px window without scrolling sideways.
 */
const DESK_WIDTHS: Record<string, number> = {
  jump_on: 144,
  name: 160,
  check_in: 96,
  mobile: 144,
  email: 220,
  product: 296,
  camera_requirement: 112,
  external_id: 110,
};
const serverSorts = (id: string) => (DESK_SORT_KEYS as readonly string[]).includes(id);

/**
 * Check-in and the desk's fields beside the name, and sorting by the server across every page, so
 * only the columns the server sorts by offer it (in both modes: proxy mode's list is the desk's copy).
 */
export const DESK_COLUMNS = [...SYNC_COLUMNS, ...DESK_COLUMNS_ONLY]
  .map((column) =>
    flexible({ ...column, size: DESK_WIDTHS[column.id!] ?? column.size, enableSorting: serverSorts(column.id!) }),
  )
  .sort((a, b) => rank(a.id!) - rank(b.id!));

function rank(id: string): number {
  const index = DESK_ORDER.indexOf(id);
  return index === -1 ? DESK_ORDER.length : index;
}

/** Hidden until the user decides otherwise, at any window width. */
const DEFAULT_COLUMN_VISIBILITY: VisibilityState = {
  external_service: false,
  link: false,
  id: false,
  filmer: false,
  album: false,
};

/** Below this window width the default hides what is not needed at the desk first. */
export const NARROW_WINDOW = 1280;

/**
 * The default columns for a window width. At a narrow window (1024 wide): date, name, check-in,
 * mobile, e-mail, product and external id fit (each flexible column down to its minSize, an empty
 * one further: emptyColumns.ts); the product replaces the camera package; the camera
 * requirement comes back from 1280 up.
 */
export function defaultColumnVisibility(windowWidth: number): VisibilityState {
  const narrow = windowWidth < NARROW_WINDOW;
  return {
    ...DEFAULT_COLUMN_VISIBILITY,
    camera_package: false,
    language: false,
    show_publicly: false,
    reference: false,
    camera_requirement: !narrow,
  };
}

import { Button, Group, Kbd, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { BookingListItem } from '../../../../../shared/schemas/booking';
import { productsQuery, sessionQuery } from '../../../api/queries';
import { SAVED_AT_DESK } from '../../../lib/queued-words';
import { useDropzoneToday } from '../../../lib/use-dropzone-today';
import { BookingFields } from './BookingFields';
import { draftKey, dropDraft, keepDraft, takeDraft } from './drafts';
import {
  changedFields,
  createRequest,
  EMPTY_FORM,
  updateRequest,
  valuesOf,
  withFieldsFrom,
  type BookingFormValues,
} from './formValues';
import { DraftPanel, PartialUpdatePanel, RefusedPanel, type IgnoredChange } from './OutcomePanel';
import { packageMatchOf, packageMatchText } from './packageMatch';
import { readFailure, readOutcome } from './saveOutcome';
import { useLockedFields } from './useLockedFields';
import { useHandEdits, useSaveBooking, type SaveTarget } from './useSaveBooking';
import { bookingFormRules } from './validation';

/** A booking the form saved: its desk id (a walk-in has no other), its external id, new or not. */
export interface SavedBooking {
  id: number | null;
  externalId: string | null;
  created: boolean;
}

export interface BookingFormProps {
  booking?: BookingListItem;
  onClose: () => void;
  onSaved?: (saved: SavedBooking) => void;
  /** The date picker opened or closed (the dialog leaves Esc to an open picker). */
  onPickerOpenChange?: (open: boolean) => void;
}

type Notice =
  | { kind: 'refused'; title: string; message: string }
  | { kind: 'partial'; warning: string; ignored: IgnoredChange[] }
  | null;

/**
 * Create or edit one booking. On edit only the changed fields are sent. Whatever the server
 * answers, the input stays: a refusal shows beside the fields, a partial update says which
 * fields stayed, and closing without saving keeps a draft for next time.
 */
export function BookingForm({ booking, onClose, onSaved, onPickerOpenChange }: BookingFormProps) {
  const editing = booking !== undefined;
  const key = draftKey(booking?.external_id ?? undefined);
  const initialBase = useMemo(() => (booking ? valuesOf(booking) : EMPTY_FORM), [booking]);
  const [base, setBase] = useState(initialBase);
  const [restored] = useState(() => takeDraft(key, initialBase));
  // The values and their errors (the form's own check, then the server's answer); a change to a field clears its error.
  const handEdits = useHandEdits();
  // A walk-in edited at the desk may be given the booking system's id, once it knows the customer.
  const givingId = editing && handEdits && booking.external_id === null;
  const form = useForm<BookingFormValues>({
    mode: 'controlled',
    initialValues: restored ?? initialBase,
    validate: bookingFormRules({ editing, walkIns: handEdits, givingId, storedEmail: initialBase.email }),
  });
  const { values } = form;
  const [showDraftNote, setShowDraftNote] = useState(restored !== null);
  const [notice, setNotice] = useState<Notice>(null);
  const save = useSaveBooking();
  const locks = useLockedFields(editing ? (booking.external_id ?? undefined) : undefined, handEdits);
  const today = useDropzoneToday();
  const products = useQuery(productsQuery()).data?.products;
  const currency = useQuery(sessionQuery()).data?.dropzone.currency;
  // The catalogue's active products, by the package name they match on (the first of equal names: the one that wins).
  const packageProducts = useMemo(() => {
    const byName = new Map<string, NonNullable<typeof products>[number]>();
    for (const p of [...(products ?? [])].sort((a, b) => a.id - b.id))
      if (p.active && p.booking_system_name && !byName.has(p.booking_system_name)) byName.set(p.booking_system_name, p);
    return byName;
  }, [products]);
  // What the package will match, said before saving: for a new booking, or a package changed here.
  const packageChanged = !editing || values.camera_package !== base.camera_package;
  const matchNote = packageChanged
    ? packageMatchText(packageMatchOf(products ?? [], values.camera_package), values.camera_package, currency)
    : null;

  // Closing without saving (Escape, the X, Cancel) keeps what was typed for the next open.
  const latest = useRef({ base, values, saved: false });
  useEffect(() => {
    latest.current = { ...latest.current, base, values };
  }, [base, values]);
  useEffect(
    () => () => {
      const { base: b, values: v, saved } = latest.current;
      if (saved) dropDraft(key);
      else keepDraft(key, b, v);
    },
    [key],
  );

  // Mantine's path types do not narrow a generic key to its value type; the field and value come as a pair.
  const setField = <F extends keyof BookingFormValues>(field: F, value: BookingFormValues[F]) =>
    form.setFieldValue(field, value as never);

  const finish = (saved: SavedBooking, title: string) => {
    latest.current.saved = true;
    notifications.show({
      color: 'teal',
      title,
      message: `${values.name || 'Booking'} (${saved.externalId ?? 'walk-in'})`,
    });
    onSaved?.(saved);
    onClose();
  };
  const target: SaveTarget = editing
    ? { kind: 'edit', id: booking.id, externalId: booking.external_id }
    : { kind: 'create' };

  const submit = async () => {
    if (save.isPending) return;
    setNotice(null);
    if (form.validate().hasErrors) return;
    const idGiven = givingId && values.external_id !== '';
    if (editing && changedFields(base, values).length === 0 && !idGiven) {
      latest.current.saved = true;
      notifications.show({ color: 'gray', title: 'Nothing to save', message: 'No field was changed.' });
      onClose();
      return;
    }
    const externalId = editing && !idGiven ? base.external_id : values.external_id;
    const request = editing
      ? { ...updateRequest(base, values), ...(idGiven ? { external_id: values.external_id } : {}) }
      : createRequest(values);
    let result;
    let queued = false;
    try {
      const outcome = await save.mutateAsync({ request, target });
      queued = outcome.queuedOp !== undefined;
      result = readOutcome(outcome, externalId, !editing);
    } catch (error) {
      result = readFailure(error);
    }
    if (result.kind === 'saved') {
      const saved = {
        id: result.id ?? booking?.id ?? null,
        externalId: externalId === '' ? null : externalId,
        created: result.created,
      };
      finish(
        saved,
        queued
          ? SAVED_AT_DESK
          : result.created
            ? saved.externalId === null
              ? 'Walk-in created'
              : 'Booking created'
            : 'Booking saved',
      );
    } else if (result.kind === 'partial') {
      // The server now holds every change but the ignored ones: the form shows exactly that.
      const ignored = result.ignored.map((field) => ({
        field,
        kept: String(base[field as keyof BookingFormValues] ?? ''),
        asked: String(values[field as keyof BookingFormValues] ?? ''),
      }));
      const saved = withFieldsFrom(values, base, result.ignored);
      setBase(saved);
      form.setValues(saved);
      form.clearErrors();
      setNotice({ kind: 'partial', warning: result.warning, ignored });
      onSaved?.({ id: booking?.id ?? null, externalId, created: false });
    } else {
      form.setErrors(result.fieldErrors);
      setNotice({ kind: 'refused', title: result.title, message: result.message });
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };
  // Ctrl+Enter saves from anywhere in the form, the multi-line reference included.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };

  const dirty = changedFields(base, values).length > 0 || ((!editing || givingId) && values.external_id !== '');
  const afterPartial = notice?.kind === 'partial';

  return (
    <form onSubmit={onSubmit} onKeyDown={onKeyDown} noValidate data-testid="booking-form">
      <Stack gap="md">
        {showDraftNote && (
          <DraftPanel
            onDiscard={() => {
              form.setValues(base);
              form.clearErrors();
              setShowDraftNote(false);
            }}
          />
        )}
        {notice?.kind === 'refused' && <RefusedPanel title={notice.title} message={notice.message} />}
        {notice?.kind === 'partial' && <PartialUpdatePanel warning={notice.warning} ignored={notice.ignored} />}
        <BookingFields
          values={values}
          onChange={setField}
          errors={form.errors}
          locks={locks}
          editing={editing}
          packageProducts={packageProducts}
          currency={currency}
          matchNote={matchNote}
          walkIns={handEdits}
          givingId={givingId}
          today={today}
          onPickerOpenChange={onPickerOpenChange}
        />
        {editing && handEdits && booking.external_id !== null && (
          <Text size="xs" c="dimmed" data-testid="hand-edit-note">
            Fields you change here are locked: the booking system's next sync leaves them as you set them.
          </Text>
        )}
        <Group justify="space-between" mt="xs" className="dialog-footer">
          <Text size="xs" c="dimmed">
            <Kbd size="xs">Ctrl</Kbd> + <Kbd size="xs">Enter</Kbd> save · <Kbd size="xs">Esc</Kbd> close
            {dirty ? ' (your input is kept)' : ''}
          </Text>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              {afterPartial && !dirty ? 'Close' : 'Cancel'}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="booking-form-submit">
              {editing ? 'Save changes' : 'Create booking'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

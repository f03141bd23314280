import type { BookingWritableField } from '../../../shared/schemas/booking';

/** How the desk names each writable booking field: grid headers, form labels and outcome messages agree. */
export const BOOKING_FIELD_LABELS: Record<BookingWritableField, string> = {
  external_id: 'External id',
  external_service: 'External service',
  name: 'Name',
  email: 'E-mail',
  mobile: 'Mobile',
  jump_on: 'Jump date',
  language: 'Language',
  reference: 'Reference',
  camera_package: 'Camera package',
  show_publicly: 'Show publicly',
};

export function fieldLabel(field: string): string {
  return (BOOKING_FIELD_LABELS as Record<string, string>)[field] ?? field;
}

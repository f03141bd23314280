/**
 * The store most API tests start from. The clock is fixed at TEST_NOW, so "today" in the
 * dropzone's zone (Europe/Amsterdam) is TEST_TODAY.
 */
export const TEST_NOW = '2026-06-15T10:00:00.000Z';
export const TEST_TODAY = '2026-06-15';
export const TEST_TOKEN = 'test-token-aaaaaaaaaaaaaaaa';
export const OTHER_DZ_TOKEN = 'test-token-bbbbbbbbbbbbbbbb';

export const BASE_SEED = {
  dropzones: [
    {
      key: 'test',
      name: 'Test Dropzone',
      timezone: 'Europe/Amsterdam',
      currency: 'EUR',
      api_tokens: [TEST_TOKEN],
      products: [
        {
          id: 1,
          name: 'Selfie video',
          booking_system_name: 'Selfie',
          price_cents: 9900,
          selfie: true,
          centi_credits: 100,
        },
        {
          id: 2,
          name: 'Selfie video + photos',
          booking_system_name: 'Selfie + Photos',
          price_cents: 12900,
          selfie: true,
          photos: true,
          centi_credits: 150,
        },
        {
          id: 3,
          name: 'Videographer',
          booking_system_name: 'Video',
          price_cents: 14900,
          videographer: true,
          socials: true,
          has_4k: true,
          centi_credits: 200,
        },
        {
          id: 4,
          name: 'Old package',
          booking_system_name: 'Legacy',
          price_cents: 5000,
          active: false,
          either_video: true,
        },
        {
          id: 5,
          name: 'Photos only',
          booking_system_name: 'Photos',
          price_cents: 4900,
          photos: true,
          centi_credits: 50,
        },
      ],
      upgrades: [
        {
          id: 1,
          name: '4K footage',
          payment_price_cents: 2500,
          payment_price_currency: 'EUR',
          payment_price_identifier: 'price_4k',
          notify_staff: true,
          created_at: '2026-01-01T00:00:00.000Z',
        },
        {
          id: 2,
          name: 'Raw footage',
          active: false,
          payment_price_cents: 3500,
          payment_price_identifier: 'price_raw',
          created_at: '2026-01-02T00:00:00.000Z',
        },
      ],
      filmers: [
        { id: 1, external_id: 'F-1', name: 'Fay Filmer', email: 'fay@example.com', videographer: true },
        { id: 2, name: 'Ivo Internal', email: 'ivo@example.com', tandem_instructor: true },
        { id: 3, external_id: 'F-3', name: 'Jo Jumper', email: 'jo@example.com', active: false },
      ],
      bookings: [
        {
          id: 100,
          external_id: 'DELIVERED-OLD',
          name: 'Dora Delivered',
          jump_on: '2026-03-01',
          album_status_raw: 'delivered_paid',
          camera_package: 'Video',
          jump: { id: 7, camera: 'videographer', filmer_id: 1 },
          finance_events: [
            {
              id: 11,
              event_type: 'regular',
              video_entitlement: 'all',
              camera_requirement: 'videographer',
              has_4k: true,
              centi_credit_change: 200,
              created_at: '2026-03-01T12:00:00.000Z',
            },
            {
              id: 12,
              event_type: 'upgrade',
              video_entitlement: 'all',
              camera_requirement: 'videographer',
              has_4k: true,
              raw_footage: true,
              centi_credit_change: 50,
              comment: 'bought raw',
              created_at: '2026-03-02T12:00:00.000Z',
              upgrade_payment: {
                id: 3,
                ammount: 3500,
                currency: 'EUR',
                processor_id: 'pi_123',
                upgrade_id: 2,
                created_at: '2026-03-02T11:59:00.000Z',
              },
            },
            {
              id: 10,
              event_type: 'manual_credit',
              video_entitlement: 'all',
              camera_requirement: 'videographer',
              centi_credit_change: -25,
              created_at: '2026-03-02T12:00:00.000Z',
            },
          ],
        },
        {
          id: 101,
          external_id: 'NO-PRODUCT',
          name: 'Nina Noproduct',
          email: 'nina@example.com',
          jump_on: '2026-06-20',
        },
        {
          id: 102,
          external_id: 'HAS-PRODUCT',
          name: 'Hank Hasproduct',
          jump_on: '2026-06-20',
          camera_package: 'Selfie basic',
        },
        { id: 103, name: 'Walk-in without external id', jump_on: '2026-06-15' },
        {
          id: 104,
          external_id: 'HAND-EDITED',
          name: 'Hand Edited',
          email: 'typo@example',
          jump_on: '2026-06-21',
          locked_attributes: ['email'],
        },
      ],
    },
    {
      key: 'other',
      name: 'Other Dropzone',
      timezone: 'Pacific/Auckland',
      api_tokens: [OTHER_DZ_TOKEN],
      bookings: [{ id: 200, external_id: 'OTHER-1', name: 'Somebody Else', jump_on: '2026-06-20' }],
    },
  ],
};

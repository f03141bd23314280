import { BASE_SEED, TEST_TOKEN } from './seed';

/**
 * BASE_SEED plus what the service's actions need (TEST_TODAY is 2026-06-15): upgrades that grant
 * something, and bookings at each stage of their album, with and without a recorded jump.
 */
const [test, ...others] = BASE_SEED.dropzones;

export const SERVICE_UPGRADES = {
  photos: {
    id: 3,
    name: 'Photos add-on',
    payment_price_cents: 1500,
    payment_price_currency: 'EUR',
    payment_price_identifier: 'price_photos',
    grants_photos: true,
    centi_credits: 50,
    offered_to: ['main', 'all'],
  },
  fourK: {
    id: 4,
    name: '4K online',
    payment_price_cents: 2500,
    payment_price_currency: 'EUR',
    payment_price_identifier: 'price_4k_online',
    grants_4k: true,
    centi_credits: 25,
    offered_to: ['main', 'all'],
  },
} as const;

const jumped = (camera: string, jumped_on = '2026-06-14') => ({ camera, filmer_id: 2, jumped_on });

export const SERVICE_SEED = {
  dropzones: [
    {
      ...test!,
      api_tokens: [TEST_TOKEN],
      upgrades: [...(test!.upgrades ?? []), SERVICE_UPGRADES.photos, SERVICE_UPGRADES.fourK],
      bookings: [
        ...test!.bookings,
        {
          id: 300,
          external_id: 'JUMPED-PAID',
          name: 'Paula Paid',
          jump_on: '2026-06-14',
          camera_package: 'Selfie',
          jump: jumped('selfie'),
        },
        {
          id: 301,
          external_id: 'JUMPED-PROSPECT',
          name: 'Pete Prospect',
          jump_on: '2026-06-14',
          jump: jumped('selfie'),
        },
        {
          id: 302,
          external_id: 'FUTURE-JUMP',
          name: 'Fred Future',
          jump_on: '2026-06-20',
          camera_package: 'Selfie',
          jump: jumped('selfie', '2026-06-20'),
        },
        {
          id: 303,
          external_id: 'RACE',
          name: 'Rita Race',
          jump_on: '2026-06-14',
          camera_package: 'Selfie',
          jump: jumped('selfie'),
        },
        {
          id: 304,
          external_id: 'OLD-JUMP',
          name: 'Olga Old',
          jump_on: '2026-04-01',
          camera_package: 'Selfie',
          jump: jumped('selfie', '2026-04-01'),
          created_at: '2026-03-20T09:00:00.000Z',
        },
        {
          id: 305,
          external_id: 'DELIVERED-SELFIE',
          name: 'Dina Delivered',
          jump_on: '2026-06-10',
          camera_package: 'Selfie',
          album_status_raw: 'delivered_paid',
          jump: jumped('selfie', '2026-06-10'),
          finance_events: [
            {
              id: 50,
              event_type: 'unspecified',
              video_entitlement: 'main',
              camera_requirement: 'selfie',
              centi_credit_change: 0,
              product_id: 1,
              created_at: '2026-06-01T09:00:00.000Z',
            },
            {
              id: 51,
              event_type: 'regular',
              video_entitlement: 'main',
              camera_requirement: 'selfie',
              centi_credit_change: 100,
              product_id: 1,
              created_at: '2026-06-10T15:00:00.000Z',
            },
          ],
        },
      ],
    },
    ...others,
  ],
};

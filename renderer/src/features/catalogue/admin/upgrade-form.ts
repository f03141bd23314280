import type { AdminUpgrade, UpgradeCreate } from '../../../../../shared/schemas/catalogue-admin';
import { PRICE_IDENTIFIER_PATTERN } from '../../../../../shared/schemas/catalogue-admin';
import type { VideoEntitlement } from '../../../../../shared/schemas/finance';
import { formatHundredths, parseHundredths } from './amounts';

export interface UpgradeFormValues {
  name: string;
  price: string;
  payment_price_identifier: string;
  notify_staff: boolean;
  active: boolean;
  grants_video_entitlement: Exclude<VideoEntitlement, 'none'> | 'none';
  grants_photos: boolean;
  grants_4k: boolean;
  grants_raw_footage: boolean;
  credits: string;
  offered_to: VideoEntitlement[];
}

export const NEW_UPGRADE: UpgradeFormValues = {
  name: '',
  price: '',
  payment_price_identifier: '',
  notify_staff: false,
  active: true,
  grants_video_entitlement: 'none',
  grants_photos: false,
  grants_4k: false,
  grants_raw_footage: false,
  credits: '0.00',
  offered_to: [],
};

export function upgradeFormValues(upgrade: AdminUpgrade): UpgradeFormValues {
  return {
    name: upgrade.name,
    price: formatHundredths(upgrade.payment_price_cents),
    payment_price_identifier: upgrade.payment_price_identifier,
    notify_staff: upgrade.notify_staff,
    active: upgrade.active,
    grants_video_entitlement: (upgrade.grants_video_entitlement ??
      'none') as UpgradeFormValues['grants_video_entitlement'],
    grants_photos: upgrade.grants_photos,
    grants_4k: upgrade.grants_4k,
    grants_raw_footage: upgrade.grants_raw_footage,
    credits: formatHundredths(upgrade.centi_credits),
    offered_to: upgrade.offered_to,
  };
}

export type UpgradeFormResult =
  | { ok: true; body: UpgradeCreate & { active: boolean } }
  | { ok: false; errors: Partial<Record<keyof UpgradeFormValues, string>> };

export function upgradeBody(values: UpgradeFormValues): UpgradeFormResult {
  const errors: Partial<Record<keyof UpgradeFormValues, string>> = {};
  const payment_price_cents = parseHundredths(values.price);
  const centi_credits = parseHundredths(values.credits);
  const identifier = values.payment_price_identifier.trim();
  if (payment_price_cents === undefined) errors.price = 'Enter the price as an amount, e.g. 25 or 25.00';
  if (centi_credits === undefined) errors.credits = 'Enter the credits as a number with at most two decimals, e.g. 0.5';
  if (identifier !== '' && !PRICE_IDENTIFIER_PATTERN.test(identifier))
    errors.payment_price_identifier = 'Letters, digits and _ - . : only, e.g. price_1MoBy5LkdIwHu7ix';
  if (Object.keys(errors).length > 0 || payment_price_cents === undefined || centi_credits === undefined)
    return { ok: false, errors };
  return {
    ok: true,
    body: {
      name: values.name.trim(),
      payment_price_cents,
      payment_price_identifier: identifier,
      notify_staff: values.notify_staff,
      active: values.active,
      grants_video_entitlement: values.grants_video_entitlement === 'none' ? null : values.grants_video_entitlement,
      grants_photos: values.grants_photos,
      grants_4k: values.grants_4k,
      grants_raw_footage: values.grants_raw_footage,
      centi_credits,
      offered_to: values.offered_to,
    },
  };
}

export const UPGRADE_FIELD_OF: Record<string, keyof UpgradeFormValues> = {
  name: 'name',
  payment_price_cents: 'price',
  payment_price_identifier: 'payment_price_identifier',
  centi_credits: 'credits',
  grants_video_entitlement: 'grants_video_entitlement',
  offered_to: 'offered_to',
};

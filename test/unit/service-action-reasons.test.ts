import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { RefusalRule } from '../../shared/service/action-refusals';
import {
  planAction,
  type BookingFacts,
  type LedgerEventFacts,
  type ProductFacts,
  type ServiceAction,
  type UpgradeFacts,
} from '../../shared/service/actions';
import { albumStage } from '../../shared/service/album';
import { NO_ENTITLEMENTS, type Entitlements } from '../../shared/service/entitlements';

/**
 * "Not possible now", for every action in every album state: each refusal names the rule that
 * actually stops the action, and its words never deny the state the booking is in (no "none was
 * sent" beside a preview, no "before delivery" after it).
 */

const SELFIE: Entitlements = {
  video_entitlement: 'main',
  camera_requirement: 'selfie',
  photos: false,
  has_4k: false,
  raw_footage: false,
};
const selfie: ProductFacts = {
  id: 1,
  name: 'Selfie video',
  active: true,
  price_cents: 9900,
  centi_credits: 100,
  entitlements: SELFIE,
};
const combo: ProductFacts = {
  id: 2,
  name: 'Combo',
  active: true,
  price_cents: 19900,
  centi_credits: 250,
  entitlements: { ...SELFIE, camera_requirement: 'both', photos: true },
};
const fourK: UpgradeFacts = {
  id: 9,
  name: '4K footage',
  active: true,
  centi_credits: 50,
  grants_video_entitlement: null,
  grants_photos: false,
  grants_4k: true,
  grants_raw_footage: false,
  offered_to: ['main', 'all'],
};

const ev = (
  id: number,
  event_type: string,
  entitlements: Entitlements,
  change: number,
  corrects: number | null = null,
) => ({ id, event_type, entitlements, centi_credit_change: change, corrects_event_id: corrects }) as LedgerEventFacts;

const base: BookingFacts = {
  album_status_raw: null,
  product: null,
  jump_camera: 'selfie',
  jump_on: '2026-06-14',
  today: '2026-06-15',
  ledger: [],
};

interface State {
  name: string;
  facts: BookingFacts;
  /** What stops each action in this state (absent: the action is possible). */
  stoppedBy: Partial<Record<ServiceAction['kind'], RefusalRule>>;
}

const STATES: State[] = [
  {
    name: 'no album, no product, no jump',
    facts: { ...base, jump_camera: null, jump_on: null },
    stoppedBy: {
      send_preview: 'jump',
      deliver: 'product',
      convert: 'album_stage',
      reception_upgrade: 'album_stage',
      online_upgrade: 'album_stage',
      change_product: 'album_stage',
      correct: 'ledger',
    },
  },
  {
    name: 'no album, a paid product, jumped',
    facts: { ...base, product: selfie },
    stoppedBy: {
      send_preview: 'product',
      convert: 'album_stage',
      reception_upgrade: 'album_stage',
      online_upgrade: 'album_stage',
      change_product: 'album_stage',
      correct: 'ledger',
    },
  },
  {
    name: 'no album, a paid product, the jump tomorrow',
    facts: { ...base, product: selfie, jump_on: '2026-06-16' },
    stoppedBy: {
      send_preview: 'product',
      deliver: 'jump',
      convert: 'album_stage',
      reception_upgrade: 'album_stage',
      online_upgrade: 'album_stage',
      change_product: 'album_stage',
      correct: 'ledger',
    },
  },
  {
    name: 'preview sent',
    facts: { ...base, album_status_raw: 'preview_sent', ledger: [ev(1, 'preview', NO_ENTITLEMENTS, 0)] },
    stoppedBy: {
      send_preview: 'album_stage',
      deliver: 'album_stage',
      reception_upgrade: 'album_stage',
      online_upgrade: 'album_stage',
      change_product: 'album_stage',
    },
  },
  {
    name: 'converted at reception',
    facts: {
      ...base,
      album_status_raw: 'delivered_paid',
      product: selfie,
      ledger: [ev(1, 'preview', NO_ENTITLEMENTS, 0), ev(2, 'reception_conversion', SELFIE, 100)],
    },
    stoppedBy: { send_preview: 'album_stage', deliver: 'album_stage', convert: 'album_stage' },
  },
  {
    name: 'conversion corrected (a prospect again)',
    facts: {
      ...base,
      album_status_raw: 'preview_sent',
      ledger: [
        ev(1, 'preview', NO_ENTITLEMENTS, 0),
        ev(2, 'reception_conversion', SELFIE, 100),
        ev(3, 'reception_conversion', NO_ENTITLEMENTS, -100, 2),
      ],
    },
    stoppedBy: {
      send_preview: 'album_stage',
      deliver: 'album_stage',
      reception_upgrade: 'album_stage',
      online_upgrade: 'album_stage',
      change_product: 'album_stage',
      correct: 'ledger',
    },
  },
  {
    name: 'delivered paid',
    facts: { ...base, album_status_raw: 'delivered_paid', product: selfie, ledger: [ev(1, 'regular', SELFIE, 100)] },
    stoppedBy: { send_preview: 'album_stage', deliver: 'album_stage', convert: 'album_stage' },
  },
  {
    name: 'an album the desk does not move ("processing"), a preview in the ledger',
    facts: { ...base, album_status_raw: 'processing', ledger: [ev(1, 'preview', NO_ENTITLEMENTS, 0)] },
    stoppedBy: {
      send_preview: 'album_unknown',
      deliver: 'album_unknown',
      convert: 'album_unknown',
      reception_upgrade: 'album_unknown',
      online_upgrade: 'album_unknown',
      change_product: 'album_unknown',
    },
  },
];

/** Every action, with a choice the booking does not have already (a product other than its own). */
function actionsFor(facts: BookingFacts): ServiceAction[] {
  const other = facts.product?.id === combo.id ? selfie : combo;
  return [
    { kind: 'send_preview' },
    { kind: 'deliver' },
    { kind: 'convert', product: other },
    { kind: 'reception_upgrade', upgrade: fourK },
    { kind: 'online_upgrade', upgrade: fourK },
    { kind: 'change_product', product: other },
    { kind: 'manual_credit', centi_credit_change: 100, comment: 'goodwill' },
    { kind: 'correct', event_id: facts.ledger.at(-1)?.id ?? 1, comment: 'typo' },
  ];
}

const hasUncorrected = (facts: BookingFacts, type: string) =>
  facts.ledger.some((e) => e.event_type === type && !facts.ledger.some((c) => c.corrects_event_id === e.id));

/** Words a reason must not use in a state, because the state says otherwise. */
function contradictions(facts: BookingFacts): RegExp[] {
  const stage = albumStage(facts.album_status_raw);
  const out: RegExp[] = [];
  if (hasUncorrected(facts, 'preview') || stage === 'preview') out.push(/none was sent|has none|no preview/i);
  if (stage === 'delivered') out.push(/before delivery|until delivery|nothing was (sent|delivered)|not delivered/i);
  if (stage !== 'delivered') out.push(/was delivered already|paid content was delivered/i);
  if (stage !== 'preview') out.push(/a free preview was sent|the preview went out/i);
  if (facts.product) out.push(/has no paid product/i);
  else out.push(/has a paid product/i);
  if (facts.jump_camera !== null) out.push(/no jump is recorded/i);
  if (!hasUncorrected(facts, 'reception_conversion')) out.push(/was converted already/i);
  return out;
}

/** What a refusal of the album's stage must say of the stage: the stage as it is. */
function stageWords(facts: BookingFacts): RegExp {
  switch (albumStage(facts.album_status_raw)) {
    case 'none':
      return /nothing was sent yet/;
    case 'preview':
      return /a free preview was sent/;
    case 'delivered':
      return /paid content was delivered/;
    case 'other':
      return new RegExp(`"${facts.album_status_raw}"`);
  }
}

describe('why an action is not possible now', () => {
  for (const state of STATES) {
    test(`${state.name}: each refusal is the rule that stops it, in words true of the state`, () => {
      for (const action of actionsFor(state.facts)) {
        const result = planAction(state.facts, action);
        const expected = state.stoppedBy[action.kind];
        if (expected === undefined) {
          assert.ok(result.ok, `${action.kind} should be possible, refused: ${result.ok ? '' : result.reason}`);
          continue;
        }
        assert.equal(result.ok, false, `${action.kind} should be refused (${expected})`);
        if (result.ok) continue;
        assert.equal(result.rule, expected, `${action.kind}: "${result.reason}"`);
        for (const denial of contradictions(state.facts))
          assert.doesNotMatch(result.reason, denial, `${action.kind} contradicts the state`);
        if (expected === 'album_stage' || expected === 'album_unknown')
          assert.match(result.reason, stageWords(state.facts), `${action.kind} says the stage as it is`);
      }
    });
  }

  test('a choice the booking has already, or one not offered, is the choice’s rule, not the stage’s', () => {
    const delivered = STATES.find((s) => s.name === 'delivered paid')!.facts;
    const same = planAction(delivered, { kind: 'change_product', product: selfie });
    assert.ok(!same.ok && same.rule === 'choice' && /already/.test(same.reason));
    const notOffered = planAction(delivered, {
      kind: 'reception_upgrade',
      upgrade: { ...fourK, offered_to: ['all'] },
    });
    assert.ok(!notOffered.ok && notOffered.rule === 'choice' && /offered to/.test(notOffered.reason));
  });

  test('"Deliver" and "Convert" never send the other back: before a preview, each names what reception does', () => {
    const fresh = { ...base, product: null };
    const deliver = planAction(fresh, { kind: 'deliver' });
    const convert = planAction(fresh, { kind: 'convert', product: selfie });
    assert.ok(!deliver.ok && !convert.ok);
    // Deliver sends to the preview, and the conversion waits for the preview: one path, not a loop.
    assert.match(deliver.reason, /send a free preview/);
    assert.match(convert.reason, /send the preview first/);
    assert.doesNotMatch(deliver.reason, /convert the customer/);
  });
});

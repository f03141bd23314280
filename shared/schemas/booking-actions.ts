import { z } from 'zod';
import { CAMERA_REQUIREMENTS, EVENT_TYPES, financeEvent, VIDEO_ENTITLEMENTS } from './finance';
import { recordedBy, RECORDED_BY_MAX } from './recorded-by';
import { wellFormedString } from './text';

/**
 * The service's actions on one booking (/api/desk/bookings/:external_id/actions, …/ledger/…) and
 * the online upgrade payment (/api/desk/upgrade-payments). The rules are shared/service/actions.ts;
 * these are their wire shapes. docs/desk-api.md, "Album and credits".
 */

export const ACTION_LIMITS = {
  recordedByMax: RECORDED_BY_MAX,
  commentMax: 1000,
  processorIdMax: 255,
  maxCentiCredits: 1_000_000,
} as const;

const required = (what: string) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined ? 'is required' : `must be ${what}`),
});
const id = (what: string) =>
  z
    .number(required(what))
    .int({ error: `must be ${what}` })
    .positive({ error: `must be ${what}` });

const comment = wellFormedString(required('a string'))
  .trim()
  .min(1, { error: 'must not be empty: say why' })
  .max(ACTION_LIMITS.commentMax, { error: `must be at most ${ACTION_LIMITS.commentMax} characters` });

/** What reception does (any person at the desk). */
export const STAFF_ACTION_KINDS = [
  'send_preview',
  'deliver',
  'convert',
  'reception_upgrade',
  'change_product',
] as const;
/** What only an administrator does (`guard: 'admin'` routes). */
export const ADMIN_ACTION_KINDS = ['manual_credit', 'correct'] as const;
export type StaffActionKind = (typeof STAFF_ACTION_KINDS)[number];
export type AdminActionKind = (typeof ADMIN_ACTION_KINDS)[number];
export type DeskActionKind = StaffActionKind | AdminActionKind;

const kind = <K extends string>(k: K) => z.literal(k);
const staffAction = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: kind('send_preview') }),
    z.strictObject({ kind: kind('deliver') }),
    z.strictObject({ kind: kind('convert'), product_id: id('a product id') }),
    z.strictObject({ kind: kind('reception_upgrade'), upgrade_id: id('an upgrade id') }),
    z.strictObject({ kind: kind('change_product'), product_id: id('a product id') }),
  ],
  { error: `must be an object whose kind is one of ${STAFF_ACTION_KINDS.join(', ')}` },
);

export const manualCreditInput = z.strictObject({
  /** Signed: a refund or a correction of credits is negative. */
  centi_credit_change: z
    .number(required('a whole number of centi-credits'))
    .int({ error: 'must be a whole number of centi-credits (100 = 1 credit)' })
    .refine((n) => n !== 0, { error: 'must not be 0: a manual credit changes the credits' })
    .refine((n) => Math.abs(n) <= ACTION_LIMITS.maxCentiCredits, {
      error: `must be between -${ACTION_LIMITS.maxCentiCredits} and ${ACTION_LIMITS.maxCentiCredits}`,
    }),
  comment,
});
export const correctionInput = z.strictObject({ event_id: id('an event id'), comment });

const adminAction = z.discriminatedUnion('kind', [
  manualCreditInput.extend({ kind: kind('manual_credit') }),
  correctionInput.extend({ kind: kind('correct') }),
]);

/** Any action the desk can show a plan for (a dry run writes nothing, so administrator actions are previewed here too). */
export const deskAction = z.union([staffAction, adminAction], {
  error: `must be an object whose kind is one of ${[...STAFF_ACTION_KINDS, ...ADMIN_ACTION_KINDS].join(', ')}`,
});
export type DeskAction = z.infer<typeof deskAction>;
export type StaffAction = z.infer<typeof staffAction>;

// ---- requests -------------------------------------------------------------------------------

/** POST …/actions/preview */
export const actionPreviewRequest = z.strictObject({ action: deskAction });
/** POST …/actions: reception's actions, applied. */
export const actionApplyRequest = z.strictObject({ action: staffAction, recorded_by: recordedBy });
/** POST …/ledger/manual-credits (administrator) */
export const manualCreditRequest = manualCreditInput.extend({ recorded_by: recordedBy });
/** POST …/ledger/corrections (administrator) */
export const correctionRequest = correctionInput.extend({ recorded_by: recordedBy });

/** POST /api/desk/upgrade-payments: an online payment the processor confirmed (spec 2.5 `upgrade_payment`). */
export const upgradePaymentRequest = z.strictObject({
  /** The booking's external_id. */
  external_id: wellFormedString(required('a string'))
    .min(1, { error: 'must not be empty' })
    .max(255, { error: 'must be at most 255 characters' }),
  upgrade_id: id('an upgrade id'),
  /** Minor currency units actually paid (spelled as the spec spells it). */
  ammount: z
    .number(required('an amount in minor currency units'))
    .int({ error: 'must be a whole number of minor currency units' })
    .positive({ error: 'must be more than 0' }),
  currency: wellFormedString(required('a currency code'))
    .regex(/^[A-Za-z]{3}$/, { error: 'must be a three-letter currency code such as EUR' })
    .transform((c) => c.toUpperCase()),
  processor_id: wellFormedString(required('a string'))
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(ACTION_LIMITS.processorIdMax, { error: `must be at most ${ACTION_LIMITS.processorIdMax} characters` }),
  recorded_by: recordedBy,
});
export type UpgradePaymentRequest = z.infer<typeof upgradePaymentRequest>;

// ---- answers --------------------------------------------------------------------------------

export const entitlementsView = z.strictObject({
  video_entitlement: z.enum(VIDEO_ENTITLEMENTS),
  camera_requirement: z.enum(CAMERA_REQUIREMENTS).nullable(),
  photos: z.boolean(),
  has_4k: z.boolean(),
  raw_footage: z.boolean(),
});
export type EntitlementsView = z.infer<typeof entitlementsView>;

/** Exactly what an action records and changes, before and after: what the confirmation shows. */
export const actionPlanView = z.strictObject({
  event_type: z.enum(EVENT_TYPES),
  entitlements_before: entitlementsView,
  entitlements_after: entitlementsView,
  centi_credit_change: z.number().int(),
  centi_total_before: z.number().int(),
  centi_total_after: z.number().int(),
  album_before: z.string().nullable(),
  album_after: z.string().nullable(),
  product_id_before: z.number().int().nullable(),
  product_id_after: z.number().int().nullable(),
  corrects_event_id: z.number().int().nullable(),
  comment: z.string(),
});
export type ActionPlanView = z.infer<typeof actionPlanView>;

export const actionPreviewAnswer = z.strictObject({ action: z.record(z.string(), z.unknown()), plan: actionPlanView });

/** One choice of an action that needs one (a product, an upgrade): possible with its plan, or why not. */
const actionChoice = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  plan: actionPlanView.nullable(),
  reason: z.string().nullable(),
});

/** An action as the booking page lists it: possible now (plan, or choices with plans), or the reason. */
export const availableAction = z.strictObject({
  kind: z.enum([...STAFF_ACTION_KINDS, ...ADMIN_ACTION_KINDS]),
  admin: z.boolean(),
  available: z.boolean(),
  reason: z.string().nullable(),
  /** Actions without a choice: the plan. Manual credits and corrections: null (their plan needs the amount or comment: preview it). */
  plan: actionPlanView.nullable(),
  /** convert, change_product: the products; reception_upgrade: the upgrades. */
  choices: z.array(actionChoice).nullable(),
  /** correct: the event a correction would compensate now (only the newest can be). */
  event_id: z.number().int().nullable(),
});
export type AvailableAction = z.infer<typeof availableAction>;

export const bookingActionsView = z.strictObject({
  external_id: z.string(),
  album_status_raw: z.string().nullable(),
  album_stage: z.enum(['none', 'preview', 'delivered', 'other']),
  product_id: z.number().int().nullable(),
  centi_total_credits: z.number().int(),
  entitlements: entitlementsView,
  jump: z.strictObject({ camera: z.string().nullable(), jumped_on: z.string().nullable() }).nullable(),
  actions: z.array(availableAction),
});
export type BookingActionsView = z.infer<typeof bookingActionsView>;

/** A ledger event as the desk shows it: the spec's fields plus who recorded it and what it corrects. */
export const deskLedgerEvent = financeEvent.extend({
  recorded_by: z.string().nullable(),
  corrects_event_id: z.number().int().nullable(),
  /** The correction that compensates this event, if any. */
  corrected_by_event_id: z.number().int().nullable(),
});
export type DeskLedgerEvent = z.infer<typeof deskLedgerEvent>;

export const deskLedger = z.strictObject({ external_id: z.string(), events: z.array(deskLedgerEvent) });
export type DeskLedger = z.infer<typeof deskLedger>;

/** The booking's state after an action. */
export const bookingStateView = z.strictObject({
  external_id: z.string(),
  album_status_raw: z.string().nullable(),
  product_id: z.number().int().nullable(),
  centi_total_credits: z.number().int(),
});

export const actionApplied = z.strictObject({ event: deskLedgerEvent, booking: bookingStateView });
export type ActionApplied = z.infer<typeof actionApplied>;

/** 201 (recorded now) or 200 (the same payment again: what was recorded then). */
export const upgradePaymentRecorded = actionApplied.extend({ status: z.enum(['created', 'ok']) });
export type UpgradePaymentRecorded = z.infer<typeof upgradePaymentRecorded>;

import { z } from 'zod';
import { FIXED_PORT_MAX, FIXED_PORT_MIN } from './listen';
import { OUTBOX_ATTENTION, OUTBOX_RECORD_KINDS } from './outbox';
import { wellFormedString } from './text';

/**
 * Several desks at one venue (docs/desks.md): the main desk's LAN listener, its pairing codes and
 * the desks paired with it (/api/desk/desks), and the pairing itself (POST /api/desks/pair, on the
 * LAN listener only).
 */

export const DESK_LIMITS = { maxNameLength: 60 } as const;
/** The LAN listener's port when none is saved or given: the loopback default's neighbour. */
export const DEFAULT_LAN_PORT = 4781;

/**
 * Why a pairing or a paired desk's call was refused: the `code` beside the error's `status`, so a
 * joining desk says which in one line and a removed desk knows it was removed.
 */
export const DESK_REFUSAL_CODES = [
  'pairing_code_unknown',
  'pairing_code_expired',
  'pairing_code_used',
  'pairing_proof_wrong',
  'desk_name_taken',
  'desk_revoked',
  'lan_credential_required',
] as const;
export type DeskRefusalCode = (typeof DESK_REFUSAL_CODES)[number];

const deskName = wellFormedString({
  error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string'),
})
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(DESK_LIMITS.maxNameLength, { error: `must be at most ${DESK_LIMITS.maxNameLength} characters` });

// ---- pairing (the joining desk → the main desk) ---------------------------------------------

/** POST /api/desks/pair: the code's id, the proof made from its secret, the name the desk goes by. */
export const pairRequest = z.strictObject(
  {
    code_id: z.string({ error: 'is required' }).regex(/^[0-9A-HJKMNP-TV-Z]{4}$/, { error: 'must be 4 characters' }),
    proof: z.string({ error: 'is required' }).regex(/^[A-Za-z0-9_-]{43}$/, { error: 'must be a proof' }),
    name: deskName,
  },
  { error: 'must be an object' },
);
export type PairRequest = z.infer<typeof pairRequest>;

/** 201 of POST /api/desks/pair: the one answer that carries the desk's credential. */
export const pairAnswer = z.strictObject({
  credential: z.string(),
  desk: z.strictObject({ id: z.number().int(), name: z.string() }),
  main: z.strictObject({
    name: z.string(),
    fingerprint: z.string(),
    dropzone: z.strictObject({ key: z.string(), name: z.string() }),
  }),
});
export type PairAnswer = z.infer<typeof pairAnswer>;

// ---- Settings → Desks (the main desk's own screens) -----------------------------------------

/** A desk paired with this main desk: never its credential. */
/** How many held writes a paired desk lists to its main desk (the count says how many in all). */
export const HELD_REPORT_MAX_WRITES = 50;

/** One write a paired desk holds for a person: which record, why, and (a conflict) which fields both desks changed. */
export const heldWrite = z.strictObject({
  kind: z.enum(OUTBOX_RECORD_KINDS),
  /** The booking's external id, or the filmer's id, as the main desk knows it. */
  key: z.string().min(1).max(300),
  label: z.string().max(300).nullable(),
  attention: z.enum(OUTBOX_ATTENTION),
  fields: z.array(z.string().min(1).max(100)).max(100),
  queued_at: z.string().max(40),
});
export type HeldWrite = z.infer<typeof heldWrite>;

/**
 * PUT /api/desk/desks/held: a paired desk tells its main desk what waits there for a person
 * (docs/desks.md), whenever that changes and when the link comes back; the main desk's Sync
 * screen shows it. The writes are decided where they were made.
 */
export const heldReport = z.strictObject(
  {
    count: z.number().int().min(0).max(1_000_000),
    writes: z.array(heldWrite).max(HELD_REPORT_MAX_WRITES),
  },
  { error: 'must be a held-writes report' },
);
export type HeldReport = z.infer<typeof heldReport>;

export const pairedDeskView = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  paired_at: z.string(),
  last_seen_at: z.string().nullable(),
  last_address: z.string().nullable(),
  /** What the desk last said waits there for a person, and when it said so (null: nothing said since the main desk started). */
  held: z.strictObject({ ...heldReport.shape, reported_at: z.string() }).nullable(),
});
export type PairedDeskView = z.infer<typeof pairedDeskView>;

/** One address the LAN listener answers on. */
export const lanAddress = z.strictObject({ address: z.string(), url: z.string() });

/** GET /api/desk/desks */
export const desksView = z.strictObject({
  /** What the main desk calls itself to its paired desks. */
  main_name: z.string(),
  lan: z.strictObject({
    /** "Let other desks join", as saved. */
    enabled: z.boolean(),
    /** The saved port (null: the default) and address (null: every interface). */
    port: z.number().int().nullable(),
    address: z.string().nullable(),
    default_port: z.number().int(),
    /** Whether this run listens on the LAN, and where; a flag (--lan) can turn it on for a run. */
    listening: z.boolean(),
    addresses: z.array(lanAddress),
    /** The certificate's SHA-256 (null until the first LAN start made it). */
    fingerprint: z.string().nullable(),
    /** Why the listener could not start, when it could not. */
    problem: z.string().nullable(),
  }),
  desks: z.array(pairedDeskView),
});
export type DesksView = z.infer<typeof desksView>;

const lanPort = z
  .number({ error: 'must be a whole number or null' })
  .int({ error: 'must be a whole number or null' })
  .min(FIXED_PORT_MIN, { error: `must be from ${FIXED_PORT_MIN} to ${FIXED_PORT_MAX}` })
  .max(FIXED_PORT_MAX, { error: `must be from ${FIXED_PORT_MIN} to ${FIXED_PORT_MAX}` });

/** PUT /api/desk/desks/lan: "Let other desks join", saved; it applies at once. */
export const lanUpdate = z.strictObject(
  {
    enabled: z.boolean({ error: 'must be true or false' }),
    port: lanPort.nullable().optional(),
    address: z.string().trim().min(1).max(100).nullable().optional(),
  },
  { error: 'must be an object' },
);
export type LanUpdate = z.infer<typeof lanUpdate>;

/** 201 of POST /api/desk/desks/pairing-codes: a one-time code, shown once. */
export const pairingCodeView = z.strictObject({
  code: z.string(),
  expires_at: z.string(),
  fingerprint: z.string(),
  /** Where a joining desk reaches this one (empty while the LAN listener is off). */
  urls: z.array(z.string()),
});
export type PairingCodeView = z.infer<typeof pairingCodeView>;

// ---- the desktop app's first run: "Start as the main desk, or join one?" ---------------------

/** POST /api/desk/first-run: this desk is the venue's main desk, or it joins one with a code it was shown. */
export const firstRunAnswer = z.discriminatedUnion(
  'role',
  [
    z.strictObject({ role: z.literal('main') }),
    z.strictObject({
      role: z.literal('join'),
      url: wellFormedString({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
        .max(200, { error: 'must be at most 200 characters' })
        .regex(/^https:\/\/\S+$/, {
          error: "must be the main desk's address as Settings → Desks shows it, like https://192.168.1.10:4781",
        }),
      code: wellFormedString({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
        .trim()
        .min(1, { error: 'is required: the one-time code the main desk shows' })
        .max(100, { error: 'must be at most 100 characters' }),
      name: deskName,
    }),
  ],
  { error: 'must be {"role": "main"} or {"role": "join", "url", "code", "name"}' },
);
export type FirstRunAnswer = z.infer<typeof firstRunAnswer>;

/** 200 of POST /api/desk/first-run: what was chosen; a desk that joined restarts as the main desk's paired desk. */
export const firstRunResult = z.strictObject({
  role: z.enum(['main', 'join']),
  /** The main desk's name, once joined. */
  main_name: z.string().nullable(),
  /** True when the desk restarts now (to work as the paired desk it became); the window reloads after. */
  restarting: z.boolean(),
});
export type FirstRunResult = z.infer<typeof firstRunResult>;

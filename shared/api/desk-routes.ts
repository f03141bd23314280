import { adminUnlocked, adminView, passphraseWrite, unlockInput } from '../schemas/admin';
import { apiTokenCreate, apiTokenCreated, apiTokenList } from '../schemas/api-tokens';
import {
  actionApplied,
  actionApplyRequest,
  actionPreviewAnswer,
  actionPreviewRequest,
  bookingActionsView,
  correctionRequest,
  deskLedger,
  manualCreditRequest,
  upgradePaymentRecorded,
  upgradePaymentRequest,
} from '../schemas/booking-actions';
import { connectionTestInput, connectionTestResult, connectionUpdate, connectionView } from '../schemas/connection';
import { deskHealth } from '../schemas/health';
import { logEntryDetail, logPage, logQuery } from '../schemas/log';
import { deskSession } from '../schemas/session';
import { deskChangeStatus } from '../schemas/desk-changes';
import { deskError } from '../schemas/desk-error';
import {
  adminProductList,
  adminUpgradeList,
  productCreate,
  productPatch,
  productSaved,
  rematchPreview,
  rematchRequest,
  rematchResult,
  unmatchedPackages,
  upgradeCreate,
  upgradePatch,
  upgradeSaved,
} from '../schemas/catalogue-admin';
import { handEdit, handEditAnswer, unlockFields } from '../schemas/hand-edits';
import { importMappingQuery } from '../schemas/imports/mappings';
import { importResend, importStart } from '../schemas/imports/hand-over';
import { importList, importListQuery, importSummary } from '../schemas/imports/history';
import { IMPORT_LIMITS } from '../schemas/imports/limits';
import { importMappingWrite, rememberedMapping } from '../schemas/imports/mappings';
import { importOutcomes, importRowPage, importRowQuery } from '../schemas/imports/row-outcomes';
import { storedJumpDates, storedJumpDatesQuery } from '../schemas/imports/stored-jump-dates';
import {
  filmerJumpCounts,
  filmerJumps,
  jumpCheckAnswer,
  jumpCheckInput,
  jumpRecorded,
  jumpRemoved,
  jumpRemoveQuery,
  jumpWrite,
} from '../schemas/jumps';
import { listenUpdate, listenView } from '../schemas/listen';
import {
  bookingCheckIn,
  checkInsOfDays,
  checkInsQuery,
  checkInAnswer,
  checkInWrite,
  daySheet,
  daySheetQuery,
  deskBookingExportQuery,
  deskBookingPage,
  deskBookingQuery,
} from '../schemas/reception';
import { byIdEdit, walkInCreate, walkInCreated } from '../schemas/walk-ins';
import { desksRoutes } from './desks-routes';
import { outboxRoutes } from './outbox-routes';
import { CSV_FILE, defineRoute, EVENT_STREAM, NO_CONTENT } from './route';
import { servedLocallyOnly, servedLocallyOrFromCopy } from './served-locally';
import { bookingShowAnswer } from './sync-answers';

// Why a local-store route refuses in proxy mode (`the desk is in proxy mode: <why>`): the records are the remote's then.
const BOOKINGS_ARE_REMOTE = 'bookings live on the remote server, save through the Sync API (/api/f1/sync/bookings)';
const LEDGER_IS_REMOTE =
  "albums, deliveries and the finance ledger are the remote service's; record them there (this desk keeps no second ledger)";
const PAYMENTS_ARE_REMOTE = "online payments are the remote service's; the payment relay must call the remote service";
const JUMPS_ARE_REMOTE =
  "jumps and filmers' jumps are the remote service's; record them there (switch to local mode to record them here)";
const RECEPTION_NEEDS_THE_COPY =
  "the desk list, its export, the day sheet and check-ins read the desk's copy of the remote, and it could not be opened (the desk's log says why)";
const CATALOGUE_IS_REMOTE =
  "products and upgrades are the remote service's; set them up in its admin interface (the Sync API's /products and /upgrades show them)";

/**
 * The desk's own API (/api/desk/*), one entry per route: the server registers each from here
 * (electron/server/contract/), the renderer calls each through here (renderer/src/api/call.ts).
 * docs/desk-api.md says what each does; docs/architecture.md how to add one.
 *
 * Not here: GET /api/desk/imports/events, the import progress as Server-Sent Events (a stream,
 * not a JSON answer; shared/schemas/imports/progress.ts `importEvents` are its events).
 */
export const deskRoutes = {
  ...outboxRoutes,
  ...desksRoutes,
  health: defineRoute({
    method: 'GET',
    path: '/api/desk/health',
    servedBy: 'this-desk',
    auth: 'none',
    responses: { 200: deskHealth },
  }),
  session: defineRoute({
    method: 'GET',
    path: '/api/desk/session',
    servedBy: 'this-desk',
    responses: { 200: deskSession },
  }),

  // The administrator guard (docs/desk-api.md "Administrator"): routes with `guard: 'admin'` need an unlock.
  getAdmin: defineRoute({ method: 'GET', path: '/api/desk/admin', servedBy: 'desk', responses: { 200: adminView } }),
  setAdminPassphrase: defineRoute({
    method: 'PUT',
    path: '/api/desk/admin/passphrase',
    servedBy: 'desk',
    body: { schema: passphraseWrite, name: 'passphrase', nonObject: 'schema' },
    responses: { 200: adminUnlocked, 403: deskError, 422: deskError, 429: deskError },
  }),
  unlockAdmin: defineRoute({
    method: 'POST',
    path: '/api/desk/admin/unlock',
    servedBy: 'desk',
    body: { schema: unlockInput, name: 'unlock', nonObject: 'schema' },
    responses: { 200: adminUnlocked, 403: deskError, 409: deskError, 422: deskError, 429: deskError },
  }),
  lockAdmin: defineRoute({
    method: 'POST',
    path: '/api/desk/admin/lock',
    servedBy: 'desk',
    responses: { 204: NO_CONTENT },
  }),

  getConnection: defineRoute({
    method: 'GET',
    path: '/api/desk/connection',
    servedBy: 'this-desk',
    responses: { 200: connectionView },
  }),
  putConnection: defineRoute({
    method: 'PUT',
    path: '/api/desk/connection',
    servedBy: 'this-desk',
    guard: 'admin',
    body: { schema: connectionUpdate, name: 'connection', whenAbsent: {}, nonObject: 'schema' },
    responses: { 200: connectionView, 422: deskError },
  }),
  testConnection: defineRoute({
    method: 'POST',
    path: '/api/desk/connection/test',
    servedBy: 'this-desk',
    guard: 'admin',
    body: { schema: connectionTestInput, name: 'connection', whenAbsent: {}, nonObject: 'schema' },
    responses: { 200: connectionTestResult, 422: deskError },
  }),

  listLog: defineRoute({
    method: 'GET',
    path: '/api/desk/log',
    servedBy: 'desk',
    query: { schema: logQuery, name: 'log query' },
    responses: { 200: logPage, 422: deskError },
  }),
  getLogEntry: defineRoute({
    method: 'GET',
    path: '/api/desk/log/:id',
    servedBy: 'desk',
    responses: { 200: logEntryDetail, 404: deskError },
  }),

  editBooking: servedLocallyOnly(BOOKINGS_ARE_REMOTE, {
    method: 'PATCH',
    path: '/api/desk/bookings/:external_id',
    body: { schema: handEdit, name: 'booking', checkedBy: 'sync-rule' },
    responses: { 200: handEditAnswer, 404: deskError, 406: deskError, 409: deskError, 422: deskError },
  }),
  unlockBookingFields: servedLocallyOnly(BOOKINGS_ARE_REMOTE, {
    method: 'POST',
    path: '/api/desk/bookings/:external_id/unlock',
    body: { schema: unlockFields, name: 'unlock', checkedBy: 'sync-rule' },
    responses: { 200: handEditAnswer, 404: deskError, 409: deskError, 422: deskError },
  }),

  // Reception's day (docs/desk-api.md, "Desk list, check-in, export and day sheet"); local mode only.
  listDeskBookings: servedLocallyOrFromCopy(RECEPTION_NEEDS_THE_COPY, {
    method: 'GET',
    path: '/api/desk/bookings',
    query: { schema: deskBookingQuery, name: 'desk list query' },
    responses: { 200: deskBookingPage, 409: deskError, 422: deskError },
  }),
  // A file, not JSON (CSV_FILE): streamed as it is made, every matching row.
  exportDeskBookings: servedLocallyOrFromCopy(RECEPTION_NEEDS_THE_COPY, {
    method: 'GET',
    path: '/api/desk/bookings/export.csv',
    query: { schema: deskBookingExportQuery, name: 'export query' },
    responses: { 200: CSV_FILE, 409: deskError, 422: deskError },
  }),
  daySheet: servedLocallyOrFromCopy(RECEPTION_NEEDS_THE_COPY, {
    method: 'GET',
    path: '/api/desk/day-sheet',
    query: { schema: daySheetQuery, name: 'day sheet query' },
    responses: { 200: daySheet, 409: deskError, 422: deskError },
  }),
  getCheckIn: servedLocallyOrFromCopy(RECEPTION_NEEDS_THE_COPY, {
    method: 'GET',
    path: '/api/desk/bookings/by-id/:id/check-in',
    numericParams: ['id'],
    responses: { 200: bookingCheckIn, 404: deskError, 409: deskError },
  }),
  checkInsOfDays: servedLocallyOrFromCopy(RECEPTION_NEEDS_THE_COPY, {
    method: 'GET',
    path: '/api/desk/check-ins',
    query: { schema: checkInsQuery, name: 'check-ins query' },
    responses: { 200: checkInsOfDays, 409: deskError, 422: deskError },
  }),
  recordCheckIn: servedLocallyOrFromCopy(RECEPTION_NEEDS_THE_COPY, {
    method: 'PUT',
    path: '/api/desk/bookings/by-id/:id/check-in',
    body: { schema: checkInWrite, name: 'check-in' },
    responses: { 200: checkInAnswer, 404: deskError, 409: deskError, 422: deskError },
  }),
  // Walk-ins and bookings by the desk's id (docs/desk-api.md, "Walk-ins"); local mode only.
  createWalkIn: servedLocallyOnly(BOOKINGS_ARE_REMOTE, {
    method: 'POST',
    path: '/api/desk/bookings',
    body: { schema: walkInCreate, name: 'booking', checkedBy: 'sync-rule' },
    responses: { 201: walkInCreated, 406: deskError, 409: deskError, 422: deskError },
  }),
  getBookingById: servedLocallyOnly(BOOKINGS_ARE_REMOTE, {
    method: 'GET',
    path: '/api/desk/bookings/by-id/:id',
    numericParams: ['id'],
    responses: { 200: bookingShowAnswer, 404: deskError, 409: deskError },
  }),
  editBookingById: servedLocallyOnly(BOOKINGS_ARE_REMOTE, {
    method: 'PATCH',
    path: '/api/desk/bookings/by-id/:id',
    numericParams: ['id'],
    body: { schema: byIdEdit, name: 'booking', checkedBy: 'sync-rule' },
    responses: { 200: handEditAnswer, 404: deskError, 406: deskError, 409: deskError, 422: deskError },
  }),
  deleteWalkIn: servedLocallyOnly(BOOKINGS_ARE_REMOTE, {
    method: 'DELETE',
    path: '/api/desk/bookings/by-id/:id',
    numericParams: ['id'],
    responses: { 204: NO_CONTENT, 404: deskError, 409: deskError },
  }),

  // Album and credits: the service's actions on a booking (docs/desk-api.md, "Album and credits"); local mode only.
  bookingActions: servedLocallyOnly(LEDGER_IS_REMOTE, {
    method: 'GET',
    path: '/api/desk/bookings/:external_id/actions',
    responses: { 200: bookingActionsView, 404: deskError, 409: deskError },
  }),
  previewBookingAction: servedLocallyOnly(LEDGER_IS_REMOTE, {
    method: 'POST',
    path: '/api/desk/bookings/:external_id/actions/preview',
    body: { schema: actionPreviewRequest, name: 'action preview' },
    responses: { 200: actionPreviewAnswer, 404: deskError, 409: deskError, 422: deskError },
  }),
  applyBookingAction: servedLocallyOnly(LEDGER_IS_REMOTE, {
    method: 'POST',
    path: '/api/desk/bookings/:external_id/actions',
    body: { schema: actionApplyRequest, name: 'action' },
    responses: { 201: actionApplied, 404: deskError, 409: deskError, 422: deskError },
  }),
  bookingLedger: servedLocallyOnly(LEDGER_IS_REMOTE, {
    method: 'GET',
    path: '/api/desk/bookings/:external_id/ledger',
    responses: { 200: deskLedger, 404: deskError, 409: deskError },
  }),
  recordManualCredit: servedLocallyOnly(LEDGER_IS_REMOTE, {
    method: 'POST',
    path: '/api/desk/bookings/:external_id/ledger/manual-credits',
    guard: 'admin',
    body: { schema: manualCreditRequest, name: 'manual credit' },
    responses: { 201: actionApplied, 404: deskError, 409: deskError, 422: deskError },
  }),
  recordCorrection: servedLocallyOnly(LEDGER_IS_REMOTE, {
    method: 'POST',
    path: '/api/desk/bookings/:external_id/ledger/corrections',
    guard: 'admin',
    body: { schema: correctionRequest, name: 'correction' },
    responses: { 201: actionApplied, 404: deskError, 409: deskError, 422: deskError },
  }),
  // Also open to a Sync API token of the dropzone (a payment relay): see docs/desk-api.md.
  recordUpgradePayment: servedLocallyOnly(PAYMENTS_ARE_REMOTE, {
    method: 'POST',
    path: '/api/desk/upgrade-payments',
    auth: 'token',
    body: { schema: upgradePaymentRequest, name: 'upgrade payment' },
    responses: {
      200: upgradePaymentRecorded,
      201: upgradePaymentRecorded,
      404: deskError,
      409: deskError,
      422: deskError,
    },
  }),
  // Jumps and filmers (docs/desk-api.md, "Jumps and filmers"): the local store's; refused in proxy mode.
  recordJump: servedLocallyOnly(JUMPS_ARE_REMOTE, {
    method: 'PUT',
    path: '/api/desk/bookings/:external_id/jump',
    body: { schema: jumpWrite, name: 'jump' },
    responses: { 200: jumpRecorded, 201: jumpRecorded, 404: deskError, 409: deskError, 422: deskError },
  }),
  checkJump: servedLocallyOnly(JUMPS_ARE_REMOTE, {
    method: 'POST',
    path: '/api/desk/bookings/:external_id/jump/check',
    body: { schema: jumpCheckInput, name: 'jump' },
    responses: { 200: jumpCheckAnswer, 404: deskError, 409: deskError, 422: deskError },
  }),
  removeJump: servedLocallyOnly(JUMPS_ARE_REMOTE, {
    method: 'DELETE',
    path: '/api/desk/bookings/:external_id/jump',
    query: { schema: jumpRemoveQuery, name: 'jump removal' },
    responses: { 200: jumpRemoved, 404: deskError, 409: deskError, 422: deskError },
  }),
  filmerJumps: servedLocallyOnly(JUMPS_ARE_REMOTE, {
    method: 'GET',
    path: '/api/desk/filmers/:id/jumps',
    responses: { 200: filmerJumps, 404: deskError, 409: deskError },
  }),
  filmerJumpCounts: servedLocallyOnly(JUMPS_ARE_REMOTE, {
    method: 'GET',
    path: '/api/desk/filmers/jump-counts',
    responses: { 200: filmerJumpCounts, 409: deskError },
  }),

  getListen: defineRoute({
    method: 'GET',
    path: '/api/desk/listen',
    servedBy: 'this-desk',
    responses: { 200: listenView },
  }),
  putListen: defineRoute({
    method: 'PUT',
    path: '/api/desk/listen',
    servedBy: 'this-desk',
    body: { schema: listenUpdate, name: 'listen', nonObject: 'schema' },
    responses: { 200: listenView, 422: deskError },
  }),

  getImportMapping: defineRoute({
    method: 'GET',
    path: '/api/desk/import-mappings',
    servedBy: 'desk',
    query: { schema: importMappingQuery, name: 'import mapping query' },
    responses: { 200: rememberedMapping, 422: deskError },
  }),
  putImportMapping: defineRoute({
    method: 'PUT',
    path: '/api/desk/import-mappings',
    servedBy: 'desk',
    body: { schema: importMappingWrite, name: 'import mapping' },
    responses: { 200: rememberedMapping, 422: deskError },
  }),

  // Imports: the page hands the rows over once; the desk sends them (docs/desk-api.md, "Imports").
  startImport: defineRoute({
    method: 'POST',
    path: '/api/desk/imports',
    servedBy: 'desk',
    body: { schema: importStart, name: 'import' },
    bodyLimit: IMPORT_LIMITS.handOverBodyBytes,
    responses: { 201: importSummary, 403: deskError, 422: deskError },
  }),
  resendImport: defineRoute({
    method: 'POST',
    path: '/api/desk/imports/:id/send',
    servedBy: 'desk',
    body: { schema: importResend, name: 'import' },
    bodyLimit: IMPORT_LIMITS.handOverBodyBytes,
    responses: { 202: importSummary, 403: deskError, 404: deskError, 409: deskError, 422: deskError },
  }),
  cancelImport: defineRoute({
    method: 'POST',
    path: '/api/desk/imports/:id/cancel',
    servedBy: 'desk',
    responses: { 202: importSummary, 404: deskError, 409: deskError },
  }),
  storedJumpDates: defineRoute({
    method: 'POST',
    path: '/api/desk/imports/stored-jump-dates',
    servedBy: 'desk',
    body: { schema: storedJumpDatesQuery, name: 'look-up' },
    responses: { 200: storedJumpDates, 403: deskError, 422: deskError },
  }),
  listImports: defineRoute({
    method: 'GET',
    path: '/api/desk/imports',
    servedBy: 'desk',
    query: { schema: importListQuery, name: 'import list query' },
    responses: { 200: importList, 422: deskError },
  }),
  getImport: defineRoute({
    method: 'GET',
    path: '/api/desk/imports/:id',
    servedBy: 'desk',
    responses: { 200: importSummary, 404: deskError },
  }),
  importRows: defineRoute({
    method: 'GET',
    path: '/api/desk/imports/:id/rows',
    servedBy: 'desk',
    query: { schema: importRowQuery, name: 'import rows query' },
    responses: { 200: importRowPage, 404: deskError, 422: deskError },
  }),
  importOutcomes: defineRoute({
    method: 'GET',
    path: '/api/desk/imports/:id/outcomes',
    servedBy: 'desk',
    responses: { 200: importOutcomes, 404: deskError },
  }),
  deleteImport: defineRoute({
    method: 'DELETE',
    path: '/api/desk/imports/:id',
    servedBy: 'desk',
    responses: { 204: NO_CONTENT, 404: deskError, 409: deskError },
  }),

  listApiTokens: defineRoute({
    method: 'GET',
    path: '/api/desk/api-tokens',
    servedBy: 'desk',
    responses: { 200: apiTokenList },
  }),
  createApiToken: defineRoute({
    method: 'POST',
    path: '/api/desk/api-tokens',
    servedBy: 'desk',
    guard: 'admin',
    body: { schema: apiTokenCreate, name: 'api token' },
    responses: { 201: apiTokenCreated, 422: deskError },
  }),
  revokeApiToken: defineRoute({
    method: 'DELETE',
    path: '/api/desk/api-tokens/:id',
    servedBy: 'desk',
    guard: 'admin',
    responses: { 204: NO_CONTENT, 404: deskError },
  }),

  // Catalogue administration and matching, local mode (docs/desk-api.md, "Catalogue administration").
  listAdminProducts: servedLocallyOnly(CATALOGUE_IS_REMOTE, {
    method: 'GET',
    path: '/api/desk/catalogue/products',
    responses: { 200: adminProductList, 409: deskError },
  }),
  createProduct: servedLocallyOnly(CATALOGUE_IS_REMOTE, {
    method: 'POST',
    path: '/api/desk/catalogue/products',
    guard: 'admin',
    body: { schema: productCreate, name: 'product' },
    responses: { 201: productSaved, 409: deskError, 422: deskError },
  }),
  updateProduct: servedLocallyOnly(CATALOGUE_IS_REMOTE, {
    method: 'PATCH',
    path: '/api/desk/catalogue/products/:id',
    guard: 'admin',
    body: { schema: productPatch, name: 'product' },
    responses: { 200: productSaved, 404: deskError, 409: deskError, 422: deskError },
  }),
  deleteProduct: servedLocallyOnly(CATALOGUE_IS_REMOTE, {
    method: 'DELETE',
    path: '/api/desk/catalogue/products/:id',
    guard: 'admin',
    responses: { 204: NO_CONTENT, 404: deskError, 409: deskError },
  }),
  previewRematch: servedLocallyOnly(CATALOGUE_IS_REMOTE, {
    method: 'GET',
    path: '/api/desk/catalogue/products/:id/rematch',
    responses: { 200: rematchPreview, 404: deskError, 409: deskError },
  }),
  rematchProduct: servedLocallyOnly(CATALOGUE_IS_REMOTE, {
    method: 'POST',
    path: '/api/desk/catalogue/products/:id/rematch',
    guard: 'admin',
    body: { schema: rematchRequest, name: 'rematch' },
    responses: { 200: rematchResult, 404: deskError, 409: deskError, 422: deskError },
  }),
  unmatchedPackages: servedLocallyOnly(CATALOGUE_IS_REMOTE, {
    method: 'GET',
    path: '/api/desk/catalogue/unmatched-packages',
    responses: { 200: unmatchedPackages, 409: deskError },
  }),
  listAdminUpgrades: servedLocallyOnly(CATALOGUE_IS_REMOTE, {
    method: 'GET',
    path: '/api/desk/catalogue/upgrades',
    responses: { 200: adminUpgradeList, 409: deskError },
  }),
  createUpgrade: servedLocallyOnly(CATALOGUE_IS_REMOTE, {
    method: 'POST',
    path: '/api/desk/catalogue/upgrades',
    guard: 'admin',
    body: { schema: upgradeCreate, name: 'upgrade' },
    responses: { 201: upgradeSaved, 409: deskError, 422: deskError },
  }),
  updateUpgrade: servedLocallyOnly(CATALOGUE_IS_REMOTE, {
    method: 'PATCH',
    path: '/api/desk/catalogue/upgrades/:id',
    guard: 'admin',
    body: { schema: upgradePatch, name: 'upgrade' },
    responses: { 200: upgradeSaved, 404: deskError, 409: deskError, 422: deskError },
  }),
  deleteUpgrade: servedLocallyOnly(CATALOGUE_IS_REMOTE, {
    method: 'DELETE',
    path: '/api/desk/catalogue/upgrades/:id',
    guard: 'admin',
    responses: { 204: NO_CONTENT, 404: deskError, 409: deskError },
  }),

  // Every window's live view (docs/desk-api.md "Changes"): what changed, as Server-Sent Events
  // (shared/schemas/desk-changes.ts `deskChangeEvents`); the browser's tabs share one.
  deskChanges: defineRoute({
    method: 'GET',
    path: '/api/desk/changes',
    servedBy: 'this-desk',
    responses: { 200: EVENT_STREAM },
  }),
  deskChangeStatus: defineRoute({
    method: 'GET',
    path: '/api/desk/changes/status',
    servedBy: 'this-desk',
    responses: { 200: deskChangeStatus },
  }),
} as const;

export type DeskRoutes = typeof deskRoutes;

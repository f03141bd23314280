import { deskError } from '../schemas/desk-error';
import {
  desksView,
  firstRunAnswer,
  heldReport,
  firstRunResult,
  lanUpdate,
  pairAnswer,
  pairingCodeView,
  pairRequest,
} from '../schemas/desks';
import { defineRoute, NO_CONTENT } from './route';

/**
 * Several desks at one venue (docs/desks.md). About this very desk process as a main desk (its
 * certificate, its LAN listener, the codes it showed, the desks paired with it), so never passed on
 * by a paired desk: there they answer for the paired desk itself, which pairs no desks of its own.
 */
export const desksRoutes = {
  /** On the LAN listener only, with no credential: the one thing a stranger on the LAN may ask. */
  pair: defineRoute({
    method: 'POST',
    path: '/api/desks/pair',
    auth: 'none',
    servedBy: 'this-desk',
    body: { schema: pairRequest, name: 'pairing' },
    responses: { 201: pairAnswer, 403: deskError, 404: deskError, 409: deskError, 422: deskError },
  }),
  getDesks: defineRoute({
    method: 'GET',
    path: '/api/desk/desks',
    servedBy: 'this-desk',
    responses: { 200: desksView },
  }),
  putLan: defineRoute({
    method: 'PUT',
    path: '/api/desk/desks/lan',
    servedBy: 'this-desk',
    guard: 'admin',
    body: { schema: lanUpdate, name: 'LAN settings' },
    responses: { 200: desksView, 409: deskError, 422: deskError },
  }),
  newPairingCode: defineRoute({
    method: 'POST',
    path: '/api/desk/desks/pairing-codes',
    servedBy: 'this-desk',
    guard: 'admin',
    responses: { 201: pairingCodeView, 409: deskError },
  }),
  /** From a paired desk (its credential) only: what waits there for a person, for the main desk's Sync screen. */
  reportHeld: defineRoute({
    method: 'PUT',
    path: '/api/desk/desks/held',
    servedBy: 'this-desk',
    body: { schema: heldReport, name: 'held-writes report' },
    responses: { 204: NO_CONTENT, 403: deskError, 422: deskError },
  }),
  revokeDesk: defineRoute({
    method: 'DELETE',
    path: '/api/desk/desks/:id',
    servedBy: 'this-desk',
    guard: 'admin',
    numericParams: ['id'],
    responses: { 204: NO_CONTENT, 404: deskError },
  }),
  /**
   * The desktop app's first run (docs/desks.md): this desk is the main desk, or it joins one with
   * the code the main desk shows. Answered once; a desk that joined restarts as the paired desk.
   */
  firstRun: defineRoute({
    method: 'POST',
    path: '/api/desk/first-run',
    servedBy: 'this-desk',
    body: { schema: firstRunAnswer, name: 'first-run answer' },
    responses: { 200: firstRunResult, 404: deskError, 409: deskError, 422: deskError },
  }),
} as const;

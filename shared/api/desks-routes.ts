import { deskError } from '../schemas/desk-error';
import { desksView, lanUpdate, pairAnswer, pairingCodeView, pairRequest } from '../schemas/desks';
import { defineRoute, NO_CONTENT } from './route';

/**
 * Several desks at one venue (docs/desks.md). The desk's own store answers them in every mode: the
 * certificate, the codes and the paired desks are this desk's, whoever owns the bookings.
 */
export const desksRoutes = {
  /** On the LAN listener only, with no credential: the one thing a stranger on the LAN may ask. */
  pair: defineRoute({
    method: 'POST',
    path: '/api/desks/pair',
    auth: 'none',
    servedBy: 'desk',
    body: { schema: pairRequest, name: 'pairing' },
    responses: { 201: pairAnswer, 403: deskError, 404: deskError, 409: deskError, 422: deskError },
  }),
  getDesks: defineRoute({ method: 'GET', path: '/api/desk/desks', servedBy: 'desk', responses: { 200: desksView } }),
  putLan: defineRoute({
    method: 'PUT',
    path: '/api/desk/desks/lan',
    servedBy: 'desk',
    guard: 'admin',
    body: { schema: lanUpdate, name: 'LAN settings' },
    responses: { 200: desksView, 409: deskError, 422: deskError },
  }),
  newPairingCode: defineRoute({
    method: 'POST',
    path: '/api/desk/desks/pairing-codes',
    servedBy: 'desk',
    guard: 'admin',
    responses: { 201: pairingCodeView, 409: deskError },
  }),
  revokeDesk: defineRoute({
    method: 'DELETE',
    path: '/api/desk/desks/:id',
    servedBy: 'desk',
    guard: 'admin',
    numericParams: ['id'],
    responses: { 204: NO_CONTENT, 404: deskError },
  }),
} as const;

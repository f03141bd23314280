import type { FastifyInstance } from 'fastify';
import { desksRoutes } from '../../../shared/api/desks-routes';
import type { DesksView } from '../../../shared/schemas/desks';
import { HeldAtDesks } from '../../desks/held-at-desks';
import type { MainDeskLan } from '../../desks/main-desk-lan';
import { MainDeskPairing } from '../../desks/main-desk-pairing';
import type { ScryptCost } from '../../common/passphrase';
import type { Store } from '../../store/store';
import { parseRecordId } from '../../sync/validation';
import { refusal } from '../contract/answers';
import { serveRoute } from '../contract/serve-route';
import { isLanRequest, type LanGate } from '../lan-gate';

export interface DesksRoutesOptions {
  store: Store;
  lan: MainDeskLan;
  gate: LanGate;
  now: () => Date;
  /** On a paired desk, its main desk's name: it pairs no desks of its own. */
  pairedWith?: string | null;
  /** The pairing proof's scrypt cost (tests lower it; default PAIRING_PROOF_COST). */
  pairingProofCost?: ScryptCost;
}

/** POST /api/desks/pair: on the LAN listener only (elsewhere it is no endpoint), with no credential. */
export async function pairingRoutes(app: FastifyInstance, { store, now }: Omit<DesksRoutesOptions, 'lan' | 'gate'>) {
  const pairing = new MainDeskPairing(store, now);
  serveRoute(app, desksRoutes.pair, ({ request, body }) => {
    if (!isLanRequest(request)) return refusal('not_found', `no such endpoint: POST ${desksRoutes.pair.path}`);
    const outcome = pairing.pair({ codeId: body.code_id, proof: body.proof, name: body.name, from: request.ip });
    if (outcome.ok) return { status: 201, body: outcome.answer };
    return refusal(outcome.status, outcome.error, { code: outcome.code });
  });
}

/** /api/desk/desks: Settings → Desks on the main desk (its LAN listener, pairing codes, paired desks). */
export async function desksRoutesPlugin(
  app: FastifyInstance,
  { store, lan, gate, now, pairedWith = null, pairingProofCost }: DesksRoutesOptions,
) {
  const pairing = new MainDeskPairing(store, now, pairingProofCost);
  const held = new HeldAtDesks();
  const notAMainDesk = () =>
    refusal(
      'conflict',
      `this desk is paired with ${pairedWith}: other desks pair with the main desk, not with a paired one (Settings → Desks there)`,
    );
  const view = (): DesksView => ({
    main_name: lan.mainName(),
    lan: lan.view(),
    desks: pairing.list().map((desk) => ({
      id: desk.id,
      name: desk.name,
      paired_at: desk.paired_at,
      last_seen_at: desk.last_seen_at,
      last_address: desk.last_address,
      held: held.of(desk.id),
    })),
  });

  serveRoute(app, desksRoutes.getDesks, () => ({ status: 200, body: view() }));

  serveRoute(app, desksRoutes.putLan, async ({ body }) => {
    if (pairedWith !== null) return notAMainDesk();
    const saved = store.lan.settings();
    await lan.save({
      enabled: body.enabled,
      port: body.port === undefined ? saved.port : body.port,
      address: body.address === undefined ? saved.address : body.address,
    });
    return { status: 200, body: view() };
  });

  serveRoute(app, desksRoutes.newPairingCode, async ({ request }) => {
    if (pairedWith !== null) return notAMainDesk();
    const shown = await pairing.newCode(request.dropzone!);
    return {
      status: 201,
      body: {
        code: shown.code,
        expires_at: shown.expiresAt,
        fingerprint: shown.fingerprint,
        urls: lan.endpoints().map((e) => e.url),
      },
    };
  });

  serveRoute(app, desksRoutes.reportHeld, ({ request, body }) => {
    const desk = request.pairedDesk;
    if (!desk)
      return refusal(
        'forbidden',
        'only a desk paired with this one says what waits there for a person (with its own credential)',
      );
    // Its windows hear an outbox change (electron/server/changes/route-changes.ts) and ask again.
    held.report(desk.id, body, now().toISOString());
    return { status: 204 };
  });

  serveRoute(app, desksRoutes.revokeDesk, ({ params }) => {
    const id = parseRecordId(params.id);
    const revoked = id === undefined ? undefined : pairing.revoke(id);
    if (!revoked) return refusal('not_found', 'no paired desk with that id', id === undefined ? {} : { id });
    held.forget(revoked.id);
    gate.dropDesk(revoked.id);
    return { status: 204 };
  });
}

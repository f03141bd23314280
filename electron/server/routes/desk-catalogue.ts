import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deskRoutes } from '../../../shared/api/desk-routes';
import {
  createProduct,
  createUpgrade,
  deleteProduct,
  deleteUpgrade,
  listAdminProducts,
  listAdminUpgrades,
  updateProduct,
  updateUpgrade,
  type AdminRefusal,
} from '../../desk/catalogue-admin';
import { atOneInstant, type SyncContext } from '../../sync/context';
import { applyRematch, findProduct, previewRematch, unmatchedPackages } from '../../desk/product-rematch';
import { parseRecordId } from '../../sync/validation';
import type { Store } from '../../store/store';
import { refusal } from '../contract/answers';
import { serveRoute } from '../contract/serve-route';

export interface DeskCatalogueRoutesOptions {
  store: Store;
  now: () => Date;
}

/**
 * /api/desk/catalogue: the catalogue's administration and the matching of camera packages, on the
 * local store. In proxy mode the catalogue is the remote service's, set up in its own admin
 * interface: reads and writes alike are refused (the Catalogue screen then reads the Sync API's
 * lists, forwarded), so the desk never shows or changes a local catalogue nobody syncs against.
 */
export async function deskCatalogueRoutes(app: FastifyInstance, { store, now }: DeskCatalogueRoutesOptions) {
  const ctx = (request: FastifyRequest): SyncContext => atOneInstant({ store, dropzone: request.dropzone!, now });
  const refused = <S extends AdminRefusal['status']>(r: AdminRefusal<S>) => refusal(r.status, r.error, r.extra);
  const notFound = (what: 'product' | 'upgrade', raw: string) => {
    const id = parseRecordId(raw);
    return refusal('not_found', `${what} not found`, id === undefined ? {} : { id });
  };

  const r = deskRoutes;
  serveRoute(app, r.listAdminProducts, ({ request }) => ({ status: 200, body: listAdminProducts(ctx(request)) }));
  serveRoute(app, r.listAdminUpgrades, ({ request }) => ({ status: 200, body: listAdminUpgrades(ctx(request)) }));
  serveRoute(app, r.unmatchedPackages, ({ request }) => ({
    status: 200,
    body: { packages: unmatchedPackages(ctx(request)) },
  }));

  serveRoute(app, r.createProduct, ({ request, body }) => {
    const outcome = createProduct(ctx(request), body);
    return outcome.ok ? { status: 201, body: outcome.value } : refused(outcome);
  });
  serveRoute(app, r.updateProduct, ({ request, params, body }) => {
    const id = parseRecordId(params.id);
    if (id === undefined) return notFound('product', params.id);
    const outcome = updateProduct(ctx(request), id, body);
    return outcome.ok ? { status: 200, body: outcome.value } : refused(outcome);
  });
  serveRoute(app, r.deleteProduct, ({ request, params }) => {
    const id = parseRecordId(params.id);
    if (id === undefined) return notFound('product', params.id);
    const outcome = deleteProduct(ctx(request), id);
    return outcome.ok ? { status: 204 } : refused(outcome);
  });

  serveRoute(app, r.previewRematch, ({ request, params }) => {
    const id = parseRecordId(params.id);
    const c = ctx(request);
    const product = id === undefined ? undefined : findProduct(c, id);
    if (!product) return notFound('product', params.id);
    return { status: 200, body: previewRematch(c, product) };
  });
  serveRoute(app, r.rematchProduct, ({ request, params, body }) => {
    const id = parseRecordId(params.id);
    if (id === undefined) return notFound('product', params.id);
    const outcome = applyRematch(ctx(request), id, body.recorded_by);
    if (!outcome.ok) return refusal('not_found', outcome.error, { id: outcome.id });
    return { status: 200, body: { product_id: outcome.product.id, matched: outcome.matched } };
  });

  serveRoute(app, r.createUpgrade, ({ request, body }) => {
    return { status: 201, body: createUpgrade(ctx(request), body) };
  });
  serveRoute(app, r.updateUpgrade, ({ request, params, body }) => {
    const id = parseRecordId(params.id);
    if (id === undefined) return notFound('upgrade', params.id);
    const outcome = updateUpgrade(ctx(request), id, body);
    return outcome.ok ? { status: 200, body: outcome.value } : refused(outcome);
  });
  serveRoute(app, r.deleteUpgrade, ({ request, params }) => {
    const id = parseRecordId(params.id);
    if (id === undefined) return notFound('upgrade', params.id);
    const outcome = deleteUpgrade(ctx(request), id);
    return outcome.ok ? { status: 204 } : refused(outcome);
  });
}

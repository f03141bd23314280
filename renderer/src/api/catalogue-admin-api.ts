import { queryOptions } from '@tanstack/react-query';
import { deskRoutes } from '../../../shared/api/desk-routes';
import type { ProductCreate, ProductPatch, UpgradeCreate, UpgradePatch } from '../../../shared/schemas/catalogue-admin';
import { call } from './call';
import { queryKeys } from './queries';

/**
 * The catalogue's administration (/api/desk/catalogue, local mode). Its queries live under
 * ['catalogue'], so one invalidation after a write refreshes these and the Sync API's lists alike.
 */
export const catalogueAdminApi = {
  products: () => call(deskRoutes.listAdminProducts),
  upgrades: () => call(deskRoutes.listAdminUpgrades),
  unmatched: () => call(deskRoutes.unmatchedPackages),
  createProduct: (body: ProductCreate) => call(deskRoutes.createProduct, { body }),
  updateProduct: (id: number, body: ProductPatch) => call(deskRoutes.updateProduct, { params: { id }, body }),
  deleteProduct: async (id: number) => void (await call(deskRoutes.deleteProduct, { params: { id } })),
  previewRematch: (id: number) => call(deskRoutes.previewRematch, { params: { id } }),
  rematch: (id: number, recordedBy: string) =>
    call(deskRoutes.rematchProduct, { params: { id }, body: { recorded_by: recordedBy } }),
  createUpgrade: (body: UpgradeCreate) => call(deskRoutes.createUpgrade, { body }),
  updateUpgrade: (id: number, body: UpgradePatch) => call(deskRoutes.updateUpgrade, { params: { id }, body }),
  deleteUpgrade: async (id: number) => void (await call(deskRoutes.deleteUpgrade, { params: { id } })),
};

export const adminProductsQuery = () =>
  queryOptions({ queryKey: [...queryKeys.catalogue, 'admin', 'products'], queryFn: catalogueAdminApi.products });
export const adminUpgradesQuery = () =>
  queryOptions({ queryKey: [...queryKeys.catalogue, 'admin', 'upgrades'], queryFn: catalogueAdminApi.upgrades });
export const unmatchedPackagesQuery = () =>
  queryOptions({ queryKey: [...queryKeys.catalogue, 'admin', 'unmatched'], queryFn: catalogueAdminApi.unmatched });

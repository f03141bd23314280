import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { AdminUpgrade, ProductSaved, UpgradeSaved } from '../../../../../shared/schemas/catalogue-admin';
import { catalogueAdminApi } from '../../../api/catalogue-admin-api';
import { sessionQuery } from '../../../api/queries';
import { DeleteDialog, type DeleteTarget } from './DeleteDialog';
import { CatalogueFormModal } from './CatalogueFormModal';
import { PRODUCT_FORM, type ProductFormTarget } from './ProductForm';
import { RematchDialog, type RematchTarget } from './RematchDialog';
import { UPGRADE_FORM, type UpgradeFormTarget } from './UpgradeForm';

/** What the catalogue's screens can ask of its administration: one set of dialogs for the whole page. */
export interface CatalogueAdmin {
  editProduct(target: ProductFormTarget): void;
  editUpgrade(upgrade: AdminUpgrade | null): void;
  remove(target: DeleteTarget): void;
  /** After a product's save: offer the bookings it would now match, if any. */
  offerRematch(saved: Pick<ProductSaved, 'product' | 'rematch'>): void;
}

const AdminContext = createContext<CatalogueAdmin | null>(null);

/** The administration, or null in proxy mode (the remote's admin interface owns the catalogue). */
export function useCatalogueAdmin(): CatalogueAdmin | null {
  return useContext(AdminContext);
}

export function CatalogueAdminProvider({
  children,
  onDeleted,
}: {
  children: ReactNode;
  onDeleted: (target: DeleteTarget) => void;
}) {
  const session = useQuery(sessionQuery());
  const [productForm, setProductForm] = useState<ProductFormTarget | null>(null);
  const [upgradeForm, setUpgradeForm] = useState<UpgradeFormTarget | null>(null);
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  const [rematch, setRematch] = useState<RematchTarget | null>(null);
  const local = session.data?.mode === 'local';
  const currency = session.data?.dropzone.currency ?? 'EUR';

  const admin = useMemo<CatalogueAdmin>(
    () => ({
      editProduct: setProductForm,
      editUpgrade: (upgrade) => setUpgradeForm({ upgrade }),
      remove: setDeleting,
      offerRematch: ({ product, rematch: preview }) => {
        if (preview.count > 0) setRematch({ product, preview });
      },
    }),
    [],
  );

  const productSaved = (saved: ProductSaved) => {
    const created = productForm?.product === null;
    setProductForm(null);
    notifications.show({
      color: 'teal',
      title: created ? 'Product created' : 'Product saved',
      message: saved.product.name,
    });
    admin.offerRematch(saved);
  };

  return (
    <AdminContext.Provider value={local ? admin : null}>
      {children}
      {local && (
        <>
          <CatalogueFormModal
            kind={PRODUCT_FORM}
            target={productForm}
            currency={currency}
            onClose={() => setProductForm(null)}
            onSaved={productSaved}
          />
          <CatalogueFormModal
            kind={UPGRADE_FORM}
            target={upgradeForm}
            currency={currency}
            onClose={() => setUpgradeForm(null)}
            onSaved={(saved: UpgradeSaved) => {
              setUpgradeForm(null);
              notifications.show({ color: 'teal', title: 'Upgrade saved', message: saved.upgrade.name });
            }}
          />
          <DeleteDialog
            target={deleting}
            remove={(id) =>
              deleting?.kind === 'upgrade' ? catalogueAdminApi.deleteUpgrade(id) : catalogueAdminApi.deleteProduct(id)
            }
            onClose={() => setDeleting(null)}
            onDeleted={() => {
              if (deleting) onDeleted(deleting);
              setDeleting(null);
            }}
          />
          <RematchDialog target={rematch} onClose={() => setRematch(null)} />
        </>
      )}
    </AdminContext.Provider>
  );
}

import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLocation, useRoute } from 'wouter';
import { sessionQuery } from '../../api/queries';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { useCatalogueAdmin } from './admin/CatalogueAdmin';
import { CatalogueDetail } from './CatalogueDetail';
import type { CatalogueKind, CatalogueRecord } from './catalogue-kind';
import { CatalogueTable } from './CatalogueTable';
import { CatalogueVersion } from './CatalogueVersion';
import { DetailDrawer } from './DetailDrawer';

/** One kind's list (products or upgrades); `/<plural>/:id` (relative to the catalogue) opens one beside it. */
export function CataloguePanel<Item extends { id: number; active: boolean }, Detail extends CatalogueRecord>({
  kind,
}: {
  kind: CatalogueKind<Item, Detail>;
}) {
  const path = `/${kind.plural.toLowerCase()}`;
  const [, navigate] = useLocation();
  const [detailOpen, params] = useRoute(`${path}/:id`);
  const openId = detailOpen ? Number(params.id) : null;
  const list = kind.useList();
  const session = useQuery(sessionQuery());
  const currency = session.data?.dropzone.currency;
  const columns = useMemo(() => kind.columns(currency ?? 'EUR'), [kind, currency]);
  const admin = useCatalogueAdmin();

  let content;
  if (list.isError) content = <ErrorState error={list.error} onRetry={() => list.refetch()} />;
  else if (session.isError) content = <ErrorState error={session.error} onRetry={() => session.refetch()} />;
  else if (list.isPending || session.isPending) content = <LoadingState label={`Loading ${kind.noun}s…`} />;
  else if (list.data.items.length === 0)
    content = <EmptyState title={kind.empty.title}>{admin ? kind.empty.whenLocal : kind.empty.whenRemote}</EmptyState>;
  else
    content = (
      <CatalogueTable
        items={list.data.items}
        columns={columns}
        label={kind.plural}
        testId={`${kind.plural.toLowerCase()}-grid`}
        maxWidth={kind.maxWidth}
        openId={openId}
        onOpen={(item) => navigate(`${path}/${item.id}`)}
      />
    );

  return (
    <Stack gap="sm">
      {list.isSuccess && (
        <Group justify="space-between" maw={kind.maxWidth}>
          <Group gap="md">
            {admin && (
              <Button size="xs" onClick={() => kind.add(admin)}>
                {`Add ${kind.noun}`}
              </Button>
            )}
            <Text size="xs" c="dimmed">
              {kind.note(currency ?? '…')}
            </Text>
          </Group>
          <CatalogueVersion version={list.data.version} testId={`${kind.plural.toLowerCase()}-version`} />
        </Group>
      )}
      {content}
      <DetailDrawer id={openId} label={capitalised(kind.noun)} onClose={() => navigate(path)}>
        {(id) => <CatalogueDetail kind={kind} id={id} />}
      </DetailDrawer>
    </Stack>
  );
}

const capitalised = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;

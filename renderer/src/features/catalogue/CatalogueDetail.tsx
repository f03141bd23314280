import { Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { sessionQuery } from '../../api/queries';
import { ErrorState, LoadingState } from '../../components/states';
import type { CatalogueKind, CatalogueRecord } from './catalogue-kind';
import { DetailError } from './DetailError';
import { FieldList } from './FieldList';
import { ReadOnlyFootnote } from './ReadOnlyNote';
import { ActiveBadge } from './YesNo';

/** One record of a kind, as the show endpoint gives it: title, price, the administrator's buttons, its fields. */
export function CatalogueDetail<Item extends { id: number; active: boolean }, Detail extends CatalogueRecord>({
  kind,
  id,
}: {
  kind: CatalogueKind<Item, Detail>;
  id: number;
}) {
  const record = kind.useRecord(id);
  const session = useQuery(sessionQuery());
  if (record.isError)
    return <DetailError error={record.error} kind={kind.noun} id={id} onRetry={() => record.refetch()} />;
  if (session.isError) return <ErrorState error={session.error} onRetry={() => session.refetch()} />;
  if (record.isPending || session.isPending) return <LoadingState label={`Loading the ${kind.noun}…`} />;
  const currency = session.data.dropzone.currency;
  const sections = kind.sections(record.data, currency).filter((section) => section.rows.length > 0);
  return (
    <Stack gap="lg" data-testid={`${kind.noun}-detail`}>
      <div>
        <Group gap="sm" align="center">
          <Title order={3}>{record.data.name}</Title>
          <ActiveBadge active={record.data.active} />
        </Group>
        <Text size="xl" fw={650} className="numeric" mt={4}>
          {kind.price(record.data, currency)}
        </Text>
      </div>
      <kind.Actions id={id} />
      {sections.map((section, index) =>
        section.title ? (
          <div key={index}>
            <Title order={5} mb="xs">
              {section.title}
            </Title>
            <FieldList rows={section.rows} />
          </div>
        ) : (
          <FieldList key={index} rows={section.rows} />
        ),
      )}
      <ReadOnlyFootnote local={session.data.mode === 'local'} />
    </Stack>
  );
}

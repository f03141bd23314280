import { Code, Text, Tooltip } from '@mantine/core';

/** The list's `version`: it changes whenever the catalogue does, so staff can tell two copies apart. */
export function CatalogueVersion({ version, testId }: { version: string; testId: string }) {
  return (
    <Tooltip label={`Catalogue version ${version}`} openDelay={300}>
      <Text size="xs" c="dimmed" data-testid={testId} data-version={version}>
        Catalogue version <Code fz="xs">{version.length > 8 ? `${version.slice(0, 8)}…` : version}</Code>
      </Text>
    </Tooltip>
  );
}

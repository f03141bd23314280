import { Anchor, Box, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { openApiQuery } from '../../api/openapi-api';
import { ErrorState, LoadingState } from '../../components/states';
import { ROUTES } from '../../lib/routes';
import classes from './ApiReferencePage.module.css';

/**
 * The API's reference: the desk's OpenAPI document (GET /api/openapi.json) drawn by Swagger UI.
 * "Try it" calls this very desk, with the page's session token unless the person authorises with
 * a booking system's token of their own.
 */
export function ApiReferencePage() {
  const document = useQuery(openApiQuery());
  // Swagger UI's chunk, fetched as a query so a failed fetch says so and is tried again.
  const swagger = useQuery({
    queryKey: ['chunk', 'swagger-ui'],
    queryFn: () => import('./draw-swagger'),
    staleTime: Infinity,
    gcTime: Infinity,
    structuralSharing: false,
  });
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const node = host.current;
    if (!node || !document.data || !swagger.data) return;
    return swagger.data.drawSwagger(node, document.data);
  }, [document.data, swagger.data]);

  const failed = document.isError ? document : swagger.isError ? swagger : null;
  return (
    <Stack gap="md" data-testid="api-reference">
      <Group justify="space-between" align="baseline">
        <Title order={2}>API reference</Title>
        <Anchor href={`#${ROUTES.settings}`} size="sm">
          Back to Settings
        </Anchor>
      </Group>
      <Text size="sm" c="dimmed" maw={760}>
        The Sync API and the desk&apos;s own API as this desk serves them now. &quot;Try it out&quot; calls this desk
        with this window&apos;s session; to try the Sync API as a booking system, choose Authorize and give its token.
        The same document is at <code>/api/openapi.json</code>, for a client generator.
      </Text>
      {failed ? (
        <ErrorState error={failed.error} onRetry={() => failed.refetch()} />
      ) : document.isPending || swagger.isPending ? (
        <LoadingState label="Loading the API reference…" />
      ) : null}
      <Box ref={host} className={classes.reference} data-testid="api-reference-document" />
    </Stack>
  );
}

import { Anchor, Box, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import SwaggerUIBundle from 'swagger-ui-dist/swagger-ui-es-bundle.js';
import 'swagger-ui-dist/swagger-ui.css';
import { authorizeForeignRequest } from '../../api/client';
import { openApiQuery } from '../../api/openapi-api';
import { apiBase } from '../../api/session-token';
import { ErrorState, LoadingState } from '../../components/states';
import { ROUTES } from '../../lib/routes';
import classes from './ApiReferencePage.module.css';

/**
 * The API's reference: the desk's OpenAPI document (GET /api/openapi.json) drawn by Swagger UI,
 * bundled with the desk (no CDN: the venue may be offline) and loaded only when this screen opens.
 * "Try it" calls this very desk, with the page's session token unless the person authorises with
 * a booking system's token of their own.
 */
export function ApiReferencePage() {
  const document = useQuery(openApiQuery());
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const node = host.current;
    if (!node || !document.data) return;
    // The page's own address reaches the desk (the desktop window's too, through its relay).
    const spec = { ...document.data, servers: [{ url: apiBase(), description: 'This desk' }] };
    SwaggerUIBundle({
      domNode: node,
      spec,
      deepLinking: false,
      displayOperationId: true,
      docExpansion: 'list',
      defaultModelsExpandDepth: -1,
      requestInterceptor: (request) => {
        authorizeForeignRequest(request.headers);
        return request;
      },
    });
    // Swagger UI labels its server list with a span a screen reader does not tie to it (and draws it again at will).
    const labelServers = new MutationObserver(() => {
      const servers = node.querySelector('select#servers');
      if (servers && !servers.hasAttribute('aria-label')) servers.setAttribute('aria-label', 'Server');
    });
    labelServers.observe(node, { childList: true, subtree: true });
    return () => {
      labelServers.disconnect();
      node.replaceChildren();
    };
  }, [document.data]);

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
      {document.isPending ? (
        <LoadingState label="Loading the API reference…" />
      ) : document.isError ? (
        <ErrorState error={document.error} onRetry={() => document.refetch()} />
      ) : null}
      <Box ref={host} className={classes.reference} data-testid="api-reference-document" />
    </Stack>
  );
}

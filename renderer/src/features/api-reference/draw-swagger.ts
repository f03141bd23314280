import SwaggerUIBundle from 'swagger-ui-dist/swagger-ui-es-bundle.js';
import 'swagger-ui-dist/swagger-ui.css';
import { authorizeForeignRequest } from '../../api/client';
import { apiBase } from '../../api/session-token';

/**
 * Draws an OpenAPI document with Swagger UI, bundled with the desk (no CDN: the venue may be
 * offline). Swagger UI is over a megabyte, so this module is its own chunk, imported only when the
 * reference opens; the page around it shows at once. Returns what removes the drawing.
 */
export function drawSwagger(node: HTMLElement, document: Record<string, unknown>): () => void {
  // The page's own address reaches the desk (the desktop window's too, through its relay).
  const spec = { ...document, servers: [{ url: apiBase(), description: 'This desk' }] };
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
}

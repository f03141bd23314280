// swagger-ui-dist ships no types: the part of its bundle's options the reference page uses.
declare module 'swagger-ui-dist/swagger-ui-es-bundle.js' {
  interface SwaggerRequest {
    url: string;
    headers: Record<string, string>;
  }
  interface SwaggerUIOptions {
    domNode: HTMLElement;
    spec: object;
    deepLinking?: boolean;
    tryItOutEnabled?: boolean;
    persistAuthorization?: boolean;
    displayOperationId?: boolean;
    docExpansion?: 'list' | 'full' | 'none';
    defaultModelsExpandDepth?: number;
    syntaxHighlight?: false | { activated: boolean };
    requestInterceptor?: (request: SwaggerRequest) => SwaggerRequest;
  }
  const SwaggerUIBundle: (options: SwaggerUIOptions) => unknown;
  export default SwaggerUIBundle;
}

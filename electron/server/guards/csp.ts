/**
 * The page may load only its own scripts and styles and talk only to this server. Mantine sets
 * style attributes from script, hence 'unsafe-inline' for styles (never for scripts). In its own
 * file, free of Fastify, because the Electron shell's protocol relay applies it too.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

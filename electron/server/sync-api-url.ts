import type { AddressInfo } from 'node:net';

/** The Sync API's address on the socket the server is bound to (the page's own origin may be app://desk). */
export function syncApiUrl(address: AddressInfo): string {
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}/api/f1/sync`;
}

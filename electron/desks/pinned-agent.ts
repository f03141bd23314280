import { Agent } from 'undici';
import { pinnedConnector } from '../proxy/pinned-connector';

/** The certificate a pinned connection was shown is not the one it trusts (proxy/pinned-connector.ts). */
export { CertificateMismatchError } from '../proxy/pinned-connector';

/**
 * An undici Agent whose every connection trusts exactly one certificate, by its SHA-256
 * fingerprint (pass it as `dispatcher`): for the joining desk's pairing call and for tools and
 * tests that call a main desk's LAN listener as another desk would. A paired desk's own calls go
 * through the same connector, in its remote client.
 */
export function pinnedAgent(fingerprint: string, options: ConstructorParameters<typeof Agent>[0] = {}): Agent {
  return new Agent({ ...options, connect: pinnedConnector(fingerprint, {}) });
}

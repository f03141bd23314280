/**
 * Proxy mode, the remote not answering: the desk took the write and queues it (docs/offline.md).
 * Said instead of a plain "Saved", so nobody tells a customer the booking system has it already.
 */
export const SAVED_AT_DESK = 'Saved at the desk; it will be sent when the remote answers';

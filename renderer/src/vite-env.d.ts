/// <reference types="vite/client" />
import type { DeskConfig } from '../../shared/desk-config';

declare global {
  interface Window {
    /** Set by the Electron preload (contextBridge); absent in a plain browser. */
    desk?: DeskConfig;
  }
}

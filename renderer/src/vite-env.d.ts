/// <reference types="vite/client" />

interface Window {
  /** Set by the Electron preload (contextBridge); absent in a plain browser. */
  desk?: import('../../shared/desk-config').DeskConfig;
}

/// <reference types="vite/client" />

interface Window {
  /** Set by the Electron preload (contextBridge); absent in a plain browser. */
  desk?: { apiBase: string; token: string; version: string };
}

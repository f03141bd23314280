/** Types of eslint/layers.js (plain JS, since eslint.config.js loads it without a TypeScript loader). */
interface Layer {
  /** Where its files are, relative to the root (a main-side layer without them: its folder, electron/<name>/). */
  readonly files?: readonly string[];
  readonly mayImport: readonly string[];
  readonly role: string;
}
export declare const ROOT: string;
export declare const MAIN_LAYERS: Readonly<Record<string, Layer>>;
export declare const RENDERER_ZONES: Readonly<Record<string, Layer>>;
export declare function layerConfigs(boundaries: object): object[];

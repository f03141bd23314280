/** Types of eslint/layers.js (plain JS, since eslint.config.js loads it without a TypeScript loader). */
export declare const MAIN_LAYERS: Readonly<
  Record<string, { readonly mayImport: readonly string[]; readonly role: string }>
>;
export declare function layerConfigs(): object[];

/** Types of layers.mjs for the TypeScript that imports it (its test). */
export interface LayerGroup {
  layer: string;
  modules: string[];
}
export const SERVER_LAYERS: LayerGroup[];
export const WEB_LAYERS: LayerGroup[];
export function orderOf(layers: LayerGroup[]): string[];
export function renderLayers(name: string, layers: LayerGroup[]): string;
export function checkLayers(root: string): string[];
export function layerRules(): object[];

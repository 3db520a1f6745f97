/** Types of check-references.mjs for the TypeScript that imports it (its test). */
export interface BrokenReference {
  file: string;
  line: number;
  reference: string;
  problem: string;
}
export function listFiles(root: string): string[];
export function anchorOf(heading: string): string;
export function findBrokenReferences(root: string, files?: string[]): BrokenReference[];

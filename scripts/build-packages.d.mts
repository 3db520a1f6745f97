export declare const SCOPE: string;
export declare const PUBLISHED: { dir: string; workspace: string; name: string }[];
export declare function buildPackages(options?: { root?: string; log?: (line: string) => void }): void;
export declare function packPackages(destination: string, options?: { root?: string }): string[];

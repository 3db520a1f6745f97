export declare function folderSize(dir: string): { files: number; bytes: number };
export declare function buildSummary(
  size: { files: number; bytes: number },
  ms: number,
  where: string,
): string;

export declare function installArguments(argv: string[]): string[];
export declare function installTools(argv?: string[], log?: (line: string) => void): void;

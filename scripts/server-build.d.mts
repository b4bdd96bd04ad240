export const serverBundle: string;
/** The command that runs the built server: `[node, [args]]`, from the repository's root. */
export function serverCommand(): [string, string[]];
/** Builds the bundle in a child process; throws when the build fails. */
export function buildServer(): void;

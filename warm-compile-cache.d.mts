/** `npm start`'s node flags and environment, from package.json's start script with its defaults filled in. */
export function startCommand(): { flags: string[]; env: Record<string, string> };
/** The code caches' first entries: the built gateway started once as npm start starts it, asked once, stopped. */
export function warmCompileCache(): Promise<void>;

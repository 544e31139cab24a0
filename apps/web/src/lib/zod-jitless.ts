// The page's CSP forbids eval. Zod probes for it (`new Function('')`) before compiling a fast parser, and
// Chrome reports the probe as a Content Security Policy issue; in jitless mode zod parses without probing.
// Zod keeps its settings on globalThis.__zod_globalConfig (shared by every copy of zod, and kept when zod
// loads later), so this is set before any schema exists without pulling zod into the initial bundle.
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };

const holder = globalThis as ZodGlobal;
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

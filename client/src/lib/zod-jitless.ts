/**
 * Imported first by main.tsx and built into a chunk of its own (vite.config.ts), so it runs before
 * zod and any schema. Zod probes `new Function` to decide whether it may compile fast parsers;
 * under our Content-Security-Policy (no 'unsafe-eval') the probe fails harmlessly, but Chromium
 * still reports it as a violation. jitless skips the probe. Zod reads its global configuration
 * from this global when it loads (what `z.config` writes to), and importing zod here would make
 * this chunk wait for the library's.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};

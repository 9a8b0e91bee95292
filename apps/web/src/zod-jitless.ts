/**
 * Imported first by main.tsx, before any module that builds a zod schema: zod's object parser would otherwise
 * probe `new Function("")` once to see whether it may compile a faster parser, and under our
 * Content-Security-Policy (no 'unsafe-eval') Chromium reports that probe as a violation even though zod catches
 * it. zod reads this global configuration object (`z.config({ jitless: true })` without importing zod here,
 * which would pull it into the entry chunk).
 */
const g = globalThis as { __zod_globalConfig?: Record<string, unknown> };
g.__zod_globalConfig = Object.assign(g.__zod_globalConfig ?? {}, { jitless: true });
export {};

// Runs one Astro build in its own process, so that every build reads its tenants afresh (Astro
// keeps the first build's modules in a process) and its memory is measured on its own.
// Reads TENANTS_FILE, PUBLIC_API_URL and ASTRO_OUT_DIR; prints its peak memory as the last line.
import { build } from 'astro';
import path from 'node:path';

const outDir = process.env['ASTRO_OUT_DIR'];
if (!outDir) throw new Error('ASTRO_OUT_DIR is not set');
await build({ root: path.resolve(import.meta.dirname, '..'), outDir, logLevel: 'warn' });
console.log(JSON.stringify({ peakRssKiB: process.resourceUsage().maxRSS }));

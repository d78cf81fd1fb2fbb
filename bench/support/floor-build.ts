// Builds the React floor page (floor/) in its own process, with the sites' own Astro configuration:
// the working directory is its root, a fresh folder inside the project (so its chunks find react).
// Reads FLOOR_IMAGE, PUBLIC_API_URL and ASTRO_OUT_DIR.
import { build } from 'astro';
import path from 'node:path';

const outDir = process.env['ASTRO_OUT_DIR'];
if (!outDir) throw new Error('ASTRO_OUT_DIR is not set');
// Astro joins the configuration's path to the root's.
const configFile = path.relative(process.cwd(), path.resolve(import.meta.dirname, '../../astro.config.mjs'));
await build({ root: process.cwd(), configFile, outDir, logLevel: 'warn' });

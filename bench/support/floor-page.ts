// The React floor page of the Lighthouse bench (issue 28): one React island with one image, built
// with the sites' configuration and served as they are, to compare the gallery's LCP with.
import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { startSitesServer } from '../../scripts/serve.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** Builds the floor page showing `image` (its policy lets images of `apiUrl` in) and serves it; answers its address. */
export async function startFloorPage(image: string, apiUrl: string): Promise<{ url: string; close(): Promise<void> }> {
  await mkdir(path.join(root, '.astro'), { recursive: true });
  const work = await mkdtemp(path.join(root, '.astro', 'bench-floor-'));
  const sitesDir = path.join(work, 'sites');
  try {
    await cp(path.join(import.meta.dirname, 'floor', 'src'), path.join(work, 'src'), { recursive: true });
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, ['--no-warnings', path.join(import.meta.dirname, 'floor-build.ts')], {
        cwd: work,
        env: {
          ...process.env,
          FLOOR_IMAGE: image,
          PUBLIC_API_URL: apiUrl,
          ASTRO_OUT_DIR: path.join(sitesDir, 'floor'),
          NODE_ENV: 'production',
          ASTRO_TELEMETRY_DISABLED: '1',
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`the floor page's build failed (exit ${code})`))));
    });
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
  const sites = await startSitesServer({ port: 0, sitesDir });
  return {
    url: sites.url.replace(/\/\/[^.]+\.localhost/, '//floor.localhost'),
    close: async () => {
      await sites.close();
      await rm(work, { recursive: true, force: true });
    },
  };
}

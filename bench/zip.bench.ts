// The ZIP of originals against Debian's `zip -0` on the same files (target: at least 0.9 of its
// speed). The API runs in its own process (`server/src/server.ts`), the photos are imported by the
// admin CLI, the download is read by a third process; `zip -0` stores the same originals to a
// pipe. Alternating rounds, so a slow spell of the machine falls on both; the median ratio counts.
// Run by `npm run bench -- zip` or `node --no-warnings bench/zip.bench.ts`.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

const PHOTOS = Number(process.env['BENCH_ZIP_PHOTOS'] ?? 48);
const ROUNDS = 5;
const TARGET = 0.9;
const MB = 1024 * 1024;
const PORT = 9391;
const repo = path.resolve(import.meta.dirname, '..');
const node = process.execPath;

if (spawnSync('zip', ['-v'], { stdio: 'ignore' }).status !== 0) {
  console.log('zip: skipped, Debian zip is not installed (apt-get install zip)');
  process.exit(0);
}

/** 12-megapixel noisy JPEGs (about 7 MB each, as a camera's originals), made once and kept. */
async function photos(): Promise<string> {
  const dir = path.join(os.tmpdir(), `zip-bench-photos-${PHOTOS}`);
  const done = path.join(dir, '.done');
  if (await fs.stat(done).catch(() => undefined)) return dir;
  await fs.mkdir(dir, { recursive: true });
  for (let n = 0; n < PHOTOS; n++) {
    const noise = {
      create: { width: 4000, height: 3000, channels: 3 as const, background: '#808080', noise: { type: 'gaussian' as const, mean: 128, sigma: 30 + n } },
    };
    await sharp(noise)
      .jpeg({ quality: 90 })
      .toFile(path.join(dir, `photo-${String(n).padStart(3, '0')}.jpg`));
  }
  await fs.writeFile(done, '');
  return dir;
}

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'zip-bench-'));
const env = { ...process.env, DATA_DIR: path.join(root, 'data'), API_PORT: String(PORT), API_HOST: '127.0.0.1', DATABASE_URL: '' };
const api = spawn(node, ['--no-warnings', 'server/src/server.ts'], { cwd: repo, env, stdio: ['ignore', 'pipe', 'inherit'] });
try {
  await new Promise<void>((resolve, reject) => {
    api.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && resolve());
    api.once('exit', (code) => reject(new Error(`the API ended (${code})`)));
  });
  const folder = await photos();
  execFileSync(node, ['--no-warnings', 'server/src/cli.ts', 'media:import', '--org', 'demo', '--card', 'ZIPBENCH1', '--sold', folder], {
    cwd: repo,
    env,
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${PORT}/api/v1`;
  const organization = ((await (await fetch(`${base}/organization/demo`)).json()) as { organization: { id: number } }).organization.id;
  const list = (await (
    await fetch(`${base}/medias/${organization}/ZIPBENCH1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"cards":["ZIPBENCH1"]}',
    })
  ).json()) as {
    sold_medias: Array<{ id: string }>;
  };
  const ids = list.sold_medias.map((media) => media.id);
  if (ids.length !== PHOTOS) throw new Error(`${ids.length} photos on the card, ${PHOTOS} imported`);
  const originals = (await fs.readdir(path.join(env.DATA_DIR, 'media'))).map((id) => path.join(env.DATA_DIR, 'media', id));
  const files = (
    await Promise.all(originals.map(async (dir) => (await fs.readdir(dir)).filter((name) => name.startsWith('original')).map((name) => path.join(dir, name))))
  ).flat();

  /** Seconds and bytes of one download, read by another process. */
  const download = async (): Promise<{ seconds: number; bytes: number }> => {
    const answer = (await (
      await fetch(`${base}/medias/zip?organization_id=${organization}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ media_ids: ids }),
      })
    ).json()) as { url: string };
    const reader = `const http=require('node:http');const t=performance.now();http.get(${JSON.stringify(answer.url)},(r)=>{let n=0;r.on('data',(c)=>n+=c.length);r.on('end',()=>console.log(JSON.stringify({seconds:(performance.now()-t)/1000,bytes:n})))})`;
    return JSON.parse(execFileSync(node, ['-e', reader]).toString()) as { seconds: number; bytes: number };
  };
  /** Seconds and bytes of `zip -0` storing the same files to a pipe read here. */
  const zip = async (): Promise<{ seconds: number; bytes: number }> => {
    const started = performance.now();
    const child = spawn('zip', ['-0', '-q', '-', ...files], { stdio: ['ignore', 'pipe', 'inherit'] });
    let bytes = 0;
    for await (const chunk of child.stdout) bytes += (chunk as Buffer).length;
    const code = await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(child.exitCode)));
    if (code !== 0) throw new Error(`zip -0 failed (${String(code)})`);
    return { seconds: (performance.now() - started) / 1000, bytes };
  };

  await download();
  await zip();
  const rounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    const ours = await download();
    const theirs = await zip();
    rounds.push({ ours, theirs, ratio: theirs.seconds / ours.seconds });
  }
  const median = rounds.sort((a, b) => a.ratio - b.ratio)[Math.floor(ROUNDS / 2)] as (typeof rounds)[number];
  const speed = ({ seconds, bytes }: { seconds: number; bytes: number }) =>
    `${(bytes / MB).toFixed(0)} MiB in ${seconds.toFixed(2)} s = ${(bytes / MB / seconds).toFixed(0)} MiB/s`;
  console.log(`zip download (API, ${PHOTOS} originals): ${speed(median.ours)}`);
  console.log(`zip -0 on the same files, same round:     ${speed(median.theirs)}`);
  console.log(
    `zip download / zip -0: ${median.ratio.toFixed(2)} times, median of ${ROUNDS} alternating rounds (target at least ${TARGET}) ${median.ratio >= TARGET ? 'ok' : 'MISSED'}`,
  );
} finally {
  api.kill('SIGTERM');
  await new Promise((resolve) => api.once('exit', resolve));
  await fs.rm(root, { recursive: true, force: true });
}

#!/usr/bin/env node
/**
 * `npm run cluster`: CLUSTER_SIZE (default 2) API servers on one PostgreSQL (DATABASE_URL), one Redis (REDIS_URL)
 * and one bucket (S3_*), behind nginx (round-robin upstream) on PORT (default 3000). Without S3_* it starts a local
 * s3rver for development. nginx runs as this user from a config in a temporary prefix, never as a system service.
 * e2e/cluster.test.ts drives the same functions. The production topology it stands for: docs/deploy.md.
 */
import { execSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';

/** nginx from Debian, installed when missing (as .ci/run does for Chromium). */
export function ensureNginx(log = console.log) {
  if (fs.existsSync(NGINX)) return NGINX;
  if (process.getuid?.() !== 0 || !fs.existsSync('/usr/bin/apt-get')) {
    throw new Error(`nginx not found at ${NGINX}: install it ("apt-get install -y nginx" on Debian) or set NGINX_PATH`);
  }
  log('[cluster] installing nginx (apt-get install -y nginx)');
  const apt = 'DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx';
  try {
    execSync(apt, { stdio: 'ignore' });
  } catch {
    // A fresh image has no package lists yet.
    execSync(`apt-get update -qq && ${apt}`, { stdio: 'ignore' });
  }
  return NGINX;
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Polls url until it answers 200 (or the child exits, or ms pass). */
async function waitFor(url, child, ms, logs) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited (${child.exitCode}):\n${logs()}`);
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${ms / 1000} s:\n${logs()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function stopChild(child, signal = 'SIGTERM', ms = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const t = setTimeout(() => child.kill('SIGKILL'), ms);
    child.once('exit', () => {
      clearTimeout(t);
      resolve();
    });
    child.kill(signal);
  });
}

/** Output of a child: kept (for errors) and, when `echo` is given, printed line by line with a prefix. */
function capture(child, echo) {
  let out = '';
  for (const s of [child.stdout, child.stderr]) {
    if (!s) continue;
    s.on('data', (d) => (out = (out + d).slice(-200_000)));
    if (echo) readline.createInterface({ input: s }).on('line', (l) => echo(l));
  }
  return () => out;
}

/**
 * The balancer's configuration. X-Forwarded-For is set to the address nginx saw, not appended to: nginx is the
 * edge here, and the servers (TRUST_PROXY) take the first address of the header as the client's, for their
 * per-address limits. `debug` adds X-Upstream (which server answered) for the tests; not for production.
 */
export function nginxConfig({ prefix, listen, upstreams, debug = false }) {
  const user = process.getuid?.() === 0 ? `user ${os.userInfo().username};\n` : '';
  return `# Written by scripts/cluster.mjs; see docs/deploy.md.
${user}daemon off;
worker_processes 2;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  # Temporary files in the prefix: the system's /var/lib/nginx is root's.
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  upstream manzil_api {
${upstreams.map((u) => `    server ${u} max_fails=3 fail_timeout=10s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen ${listen};
    # A photo is at most 5 MB (LIMITS.imageBytes) plus the multipart envelope; nginx's default is 1 MB.
    client_max_body_size 8m;
    location / {
      proxy_pass http://manzil_api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $http_host;
      # Only requests that never reached a server are tried on the next one: a POST is never sent twice.
      proxy_next_upstream error timeout;
${debug ? '      add_header X-Upstream $upstream_addr always;\n' : ''}    }
  }
}
`;
}

/** nginx in the foreground from a config in a temporary prefix; resolves once `healthPath` answers through it. */
export async function startNginx({ host = '127.0.0.1', port, upstreams, healthPath = '/api/v1/health', debug = false, echo }) {
  ensureNginx(echo ?? (() => {}));
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'manzil-nginx-'));
  const conf = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig({ prefix, listen: `${host}:${port}`, upstreams, debug }));
  const child = spawn(NGINX, ['-p', prefix, '-c', conf, '-e', path.join(prefix, 'error.log')], { stdio: ['ignore', 'pipe', 'pipe'] });
  const out = capture(child, echo);
  const logs = () => `${out()}${fs.existsSync(path.join(prefix, 'error.log')) ? fs.readFileSync(path.join(prefix, 'error.log'), 'utf8') : ''}`;
  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  await waitFor(url + healthPath, child, 15_000, logs);
  return {
    url,
    prefix,
    logs,
    async stop() {
      // SIGQUIT: finish the requests in flight, then exit.
      await stopChild(child, 'SIGQUIT', 5_000);
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/** One API server (apps/api/src/server.ts) on 127.0.0.1:port; resolves when /api/v1/health answers. */
export async function startApiServer({ port, env, echo, startMs = 120_000 }) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/api/src/server.ts')], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs = capture(child, echo);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${url}/api/v1/health`, child, startMs, logs);
  } catch (err) {
    await stopChild(child, 'SIGKILL');
    throw err;
  }
  return { url, port, child, logs, stop: () => stopChild(child) };
}

/** A local s3rver (development only) storing in `dir`, through the API tests' own launcher. */
export async function startLocalS3(dir, bucket = 'manzil-media') {
  fs.mkdirSync(dir, { recursive: true });
  const child = spawn(process.execPath, ['--openssl-legacy-provider', path.join(ROOT, 'apps/api/test/s3rver-process.mjs'), dir, bucket], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('s3rver did not start within 20 s')), 20_000);
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
    readline.createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(timer);
      resolve(JSON.parse(line).port);
    });
  });
  return {
    env: { S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_BUCKET: bucket, S3_ACCESS_KEY: 'S3RVER', S3_SECRET_KEY: 'S3RVER' },
    stop: () => stopChild(child),
  };
}

/**
 * Starts `size` servers with `env` (which must hold DATABASE_URL, REDIS_URL, S3_* and JWT_SECRET: what they share),
 * then nginx in front on host:port. The first server starts alone: it migrates the database and loads the
 * locations and demo content, which the others then find done.
 * @param {{ size?: number, env: Record<string, string>, host?: string, port?: number, debug?: boolean, echo?: (line: string) => void }} options
 */
export async function startCluster({ size = 2, env, host = '127.0.0.1', port, debug = false, echo }) {
  for (const k of ['DATABASE_URL', 'REDIS_URL', 'JWT_SECRET', 'S3_ENDPOINT']) {
    if (!env[k]) throw new Error(`cluster: ${k} is needed (every server must share it)`);
  }
  const publicPort = port ?? (await freePort());
  const serverEnv = {
    // Each server trusts X-Forwarded-* from nginx, its only client in this topology.
    TRUST_PROXY: 'true',
    PUBLIC_URL: `http://${host === '0.0.0.0' ? 'localhost' : host}:${publicPort}`,
    ...env,
  };
  const servers = [];
  const stopAll = async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
  try {
    for (let i = 0; i < size; i++) {
      servers.push(await startApiServer({ port: await freePort(), env: serverEnv, echo: echo && ((l) => echo(`[api ${i + 1}] ${l}`)) }));
    }
    const nginx = await startNginx({ host, port: publicPort, upstreams: servers.map((s) => `127.0.0.1:${s.port}`), debug, echo: echo && ((l) => echo(`[nginx] ${l}`)) });
    return {
      url: nginx.url,
      publicUrl: serverEnv.PUBLIC_URL,
      servers,
      nginx,
      async stop() {
        await nginx.stop();
        await stopAll();
      },
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

/** JWT_SECRET from the environment, else the one kept in DATA_DIR (made once), so a restart keeps sessions. */
function sharedSecret(dataDir) {
  if (process.env.JWT_SECRET) return process.env.JWT_SECRET;
  const file = path.join(dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

async function main() {
  const { ensureDeps } = await import('./ensure-deps.mjs');
  const { buildWebIfStale } = await import('./build-web.mjs');
  const env = Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== undefined && v !== ''));
  if (!env.DATABASE_URL || !env.REDIS_URL) {
    console.error('[cluster] set DATABASE_URL (PostgreSQL: PGlite is one process\'s database) and REDIS_URL (the shared limits), e.g.\n' +
      '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/manzil REDIS_URL=redis://127.0.0.1:6379 npm run cluster');
    process.exit(2);
  }
  const size = Number(env.CLUSTER_SIZE ?? 2);
  if (!Number.isInteger(size) || size < 1 || size > 32) {
    console.error('[cluster] CLUSTER_SIZE must be a whole number from 1 to 32');
    process.exit(2);
  }
  const port = Number(env.PORT ?? 3000);
  const host = env.HOST ?? '0.0.0.0';
  ensureNginx();
  ensureDeps();
  // A build named by WEB_DIST_DIR is served as it is; else apps/web/dist is brought up to date, as npm start does.
  if (!env.WEB_DIST_DIR) buildWebIfStale();
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(ROOT, 'data'));
  env.JWT_SECRET = sharedSecret(dataDir);

  let s3 = null;
  if (!env.S3_ENDPOINT) {
    const dir = path.join(dataDir, 'cluster-s3');
    s3 = await startLocalS3(dir);
    Object.assign(env, s3.env);
    console.log(`[cluster] S3_* not set: started a local s3rver at ${s3.env.S3_ENDPOINT} (bucket ${s3.env.S3_BUCKET}, files in ${dir}), for development only`);
  }
  delete env.PORT;
  delete env.HOST;
  const cluster = await startCluster({ size, env, host, port, echo: (l) => console.log(l) }).catch(async (err) => {
    await s3?.stop();
    throw err;
  });
  console.log(`[cluster] ${size} API servers (${cluster.servers.map((s) => s.url).join(', ')}) behind nginx (${cluster.nginx.prefix})`);
  console.log(`[cluster] Manzil is running at ${cluster.url} (public URL ${env.PUBLIC_URL ?? cluster.publicUrl})`);
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await cluster.stop();
    await s3?.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  // A server that dies leaves nginx with one fewer upstream; say so instead of carrying on quietly.
  for (const [i, s] of cluster.servers.entries()) {
    s.child.once('exit', (code) => {
      if (!closing) console.error(`[cluster] API server ${i + 1} exited (${code}); nginx sends its requests to the others`);
    });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

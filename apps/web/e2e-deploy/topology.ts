import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * The deployment of deploy/ without containers, on this machine: one PostgreSQL database, two server processes on
 * two ports, Caddy (Debian's) in front with its internal CA, configured by deploy/Caddyfile itself.
 */
const REPO = resolve(import.meta.dirname, '../../..');
export const DEPLOY_PASSWORD = 'Deploy-drill7!';
const DATABASE = 'deploy_test';
const BASE_URL = process.env.DEPLOY_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

export interface Process {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | string>;
}

function launch(command: string, args: string[], env: Record<string, string>, cwd = REPO): Process {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout?.on('data', (chunk) => {
    text += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    text += chunk;
  });
  const exited = new Promise<number | string>((done) => child.on('exit', (code, signal) => done(code ?? signal ?? -1)));
  return { child, output: () => text, exited };
}

export interface AppProcess extends Process {
  port: number;
  /** Requests this process logged (its access log: one line per answered request). */
  requestsLogged: () => number;
}

export class Topology {
  readonly dir = mkdtempSync(join(tmpdir(), 'grain-deploy-'));
  readonly databaseUrl = `${BASE_URL}/${DATABASE}`;
  apps: AppProcess[] = [];
  caddy: Process | null = null;
  httpsPort = 0;
  agent: https.Agent | null = null;

  get url() {
    return `https://localhost:${this.httpsPort}`;
  }

  /** One server process on a port, or with `workers` above 1 a primary and its workers sharing it (node:cluster). */
  startApp(port: number, workers = 1): AppProcess {
    const dataDir = join(this.dir, `data-${port}`);
    const started = launch(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: this.databaseUrl,
      WORKERS: String(workers),
      DATA_DIR: dataDir,
      JWT_SECRET: 'deploy-test-secret-deploy-test-secret-0123456789',
      ADMIN_PASSWORD: DEPLOY_PASSWORD,
      AUTH_RATE_LIMIT: '10000',
      TRUST_PROXY: '127.0.0.1',
      SHUTDOWN_DRAIN_MS: '3000',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
    });
    const app: AppProcess = {
      ...started,
      port,
      requestsLogged: () => (started.output().match(/"msg":"request"/g) ?? []).length,
    };
    this.apps.push(app);
    return app;
  }

  async waitHealthy(port: number, timeoutMs = 120_000) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200) return;
      } catch {
        // not listening yet
      }
      await new Promise((done) => setTimeout(done, 200));
    }
    throw new Error(`app on ${port} did not become healthy`);
  }

  async start() {
    execFileSync('psql', [`${BASE_URL}/postgres`, '-qc', `drop database if exists ${DATABASE} with (force)`]);
    execFileSync('psql', [`${BASE_URL}/postgres`, '-qc', `create database ${DATABASE}`]);
    const [first, second] = [await freePort(), await freePort()];
    // The first process migrates and seeds an empty database; the second finds it ready. The second runs two
    // workers, so a live change also crosses processes inside one server (README Configuration, WORKERS).
    this.startApp(first);
    await this.waitHealthy(first);
    this.startApp(second, 2);
    await this.waitHealthy(second);
    this.httpsPort = await freePort();
    const caddyHome = join(this.dir, 'caddy');
    this.caddy = launch('caddy', ['run', '--config', 'deploy/Caddyfile', '--adapter', 'caddyfile'], {
      SITE_ADDRESS: `localhost:${this.httpsPort}`,
      HTTPS_PORT: String(this.httpsPort),
      HTTP_PORT: String(await freePort()),
      UPSTREAMS: `127.0.0.1:${first} 127.0.0.1:${second}`,
      CADDY_ADMIN: 'off',
      HOME: caddyHome,
      XDG_DATA_HOME: join(caddyHome, 'data'),
      XDG_CONFIG_HOME: join(caddyHome, 'config'),
    });
    const rootCertificate = join(caddyHome, 'data', 'caddy', 'pki', 'authorities', 'local', 'root.crt');
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (existsSync(rootCertificate)) {
        this.agent = new https.Agent({ ca: readFileSync(rootCertificate), keepAlive: true, maxSockets: 16 });
        try {
          if ((await this.call('GET', '/api/health')).status === 200) return;
        } catch {
          // Caddy is still issuing its certificate
        }
      }
      await new Promise((done) => setTimeout(done, 250));
    }
    throw new Error(`Caddy did not serve HTTPS:\n${this.caddy.output().slice(-2000)}`);
  }

  /** A call straight to one server process, past Caddy (so the test knows which process answers). */
  async callProcess(port: number, method: string, path: string, options: { token?: string; body?: unknown } = {}) {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    return { status: response.status, body: await response.text() };
  }

  /** A call through Caddy over TLS, the certificate checked against Caddy's root (no verification turned off). */
  call(method: string, path: string, options: { token?: string; body?: unknown } = {}) {
    return new Promise<{ status: number; body: string }>((done, fail) => {
      const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
      const request = https.request(
        `${this.url}${path}`,
        {
          method,
          agent: this.agent!,
          headers: {
            ...(payload ? { 'content-type': 'application/json' } : {}),
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          },
        },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk) => {
            body += chunk;
          });
          response.on('end', () => done({ status: response.statusCode ?? 0, body }));
        },
      );
      request.on('error', fail);
      request.setTimeout(30_000, () => request.destroy(new Error('timeout')));
      request.end(payload);
    });
  }

  async stop() {
    this.agent?.destroy();
    for (const running of [...this.apps, ...(this.caddy ? [this.caddy] : [])]) {
      if (running.child.exitCode === null && running.child.signalCode === null) running.child.kill('SIGKILL');
      await running.exited;
    }
    rmSync(this.dir, { recursive: true, force: true });
    execFileSync('psql', [`${BASE_URL}/postgres`, '-qc', `drop database if exists ${DATABASE} with (force)`]);
  }
}

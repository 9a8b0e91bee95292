/**
 * One server per PGlite folder: a second one on the same folder is refused with what to do, and a lock left by
 * a server that is gone (killed, or the machine rebooted after a power cut) is taken at once.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from './client.js';
import { DataDirInUse } from './data-dir-lock.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup.length = 0;
});

function folder() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'manzil-lock-'));
  cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return path.join(dir, 'pglite');
}

async function open(dataDir: string): Promise<DbHandle> {
  const handle = await openDatabase({ dataDir });
  cleanup.push(() => handle.close());
  return handle;
}

/** A process of its own that stays until killed: another server, as far as the lock can tell. */
function otherProcess() {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  cleanup.push(async () => {
    child.kill('SIGKILL');
    await exited;
  });
  return { pid: child.pid!, stop: async () => (child.kill('SIGKILL'), await exited) };
}

const bootTime = () => Math.round(Date.now() / 1000 - os.uptime());

describe('one server per PGlite folder', () => {
  it('refuses a second opening while the first is open, and lets it once the first is closed', async () => {
    const dir = folder();
    const first = await openDatabase({ dataDir: dir });
    const second = openDatabase({ dataDir: dir });
    await expect(second).rejects.toBeInstanceOf(DataDirInUse);
    await expect(second).rejects.toThrow(/DATABASE_URL/);
    await first.close();
    const again = await open(dir);
    expect((await again.db.selectNoFrom((eb) => eb.val(1).as('one')).executeTakeFirst())?.one).toBe('1');
  });

  it('refuses while another process holds the folder, and takes it once that process is gone (kill -9 leaves the file)', async () => {
    const dir = folder();
    const other = otherProcess();
    fs.writeFileSync(`${dir}.pid`, `${other.pid} ${bootTime()}\n`);
    const refused = await openDatabase({ dataDir: dir }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DataDirInUse);
    expect((refused as DataDirInUse).message).toContain(`process ${other.pid}`);
    await other.stop();
    await open(dir);
    expect(fs.readFileSync(`${dir}.pid`, 'utf8')).toMatch(new RegExp(`^${process.pid} `));
  });

  it('takes a lock written before the machine last booted (a power cut), even if its pid is in use again', async () => {
    const dir = folder();
    const other = otherProcess();
    fs.writeFileSync(`${dir}.pid`, `${other.pid} ${bootTime() - 86_400}\n`);
    const handle = await open(dir);
    await handle.close();
    // Closing lets it go.
    expect(fs.existsSync(`${dir}.pid`)).toBe(false);
  });
});

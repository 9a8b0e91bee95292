/**
 * One server per PGlite folder. PGlite is one process's database: a second server on the same folder keeps its
 * own copy of the pages in memory and writes over the first's (two accounts made through one server were gone
 * after a restart). So the folder holds a pid file, as PostgreSQL's own data directory does (postmaster.pid):
 * made with O_EXCL, it names the server and when its machine booted. A file whose process is gone (a crash, a
 * kill) or whose machine has booted since (a power cut) is stale and taken at once, so a restart never waits.
 * PostgreSQL servers share a database by design and need none of this.
 */
import fs from 'node:fs';
import os from 'node:os';

export class DataDirInUse extends Error {
  readonly code = 'DATA_DIR_IN_USE';
  constructor(
    readonly lockFile: string,
    readonly pid: number,
  ) {
    super(
      `database: another Manzil server (process ${pid}) is using this database (${lockFile}). PGlite is one ` +
        `process's database: stop that server first, or run several servers on PostgreSQL (DATABASE_URL). If no ` +
        `such server runs, delete ${lockFile}.`,
    );
  }
}

interface Holder {
  pid: number;
  /** When its machine booted, in seconds since 1970. */
  boot: number;
}

/** When this machine booted, in seconds; two readings differ by a second or so. */
const bootTime = () => Math.round(Date.now() / 1000 - os.uptime());

function read(file: string): Holder | null {
  try {
    const [pid, boot] = fs.readFileSync(file, 'utf8').trim().split(/\s+/).map(Number);
    return Number.isInteger(pid) && pid! > 0 && Number.isFinite(boot) ? { pid: pid!, boot: boot! } : null;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, run by another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Lock files this process holds: its own pid in a file it did not make is a container restarted with that pid. */
const held = new Set<string>();

/** The holder still runs: same boot, and its process there (this one only if it made the file). */
function holds(file: string, h: Holder | null): h is Holder {
  if (h === null || Math.abs(h.boot - bootTime()) >= 120) return false;
  return h.pid === process.pid ? held.has(file) : alive(h.pid);
}

/** Takes the folder's lock file; answers how to let it go. Throws DataDirInUse while another server holds it. */
export function lockDataDir(lockFile: string): () => void {
  for (let attempt = 0; ; attempt++) {
    let fd: number;
    try {
      fd = fs.openSync(lockFile, 'wx');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw err;
      const holder = read(lockFile);
      if (holds(lockFile, holder)) throw new DataDirInUse(lockFile, holder.pid);
      // Stale (or half written by a server that died making it): set aside, so only one of two starters removes it.
      try {
        fs.renameSync(lockFile, `${lockFile}.stale-${process.pid}`);
        fs.rmSync(`${lockFile}.stale-${process.pid}`, { force: true });
      } catch {
        /* another starter moved it first: try again */
      }
      continue;
    }
    const mine = `${process.pid} ${bootTime()}\n`;
    fs.writeSync(fd, mine);
    fs.closeSync(fd);
    held.add(lockFile);
    return () => {
      held.delete(lockFile);
      // Only our own: a file another server wrote after ours was judged stale is left alone.
      if (fs.existsSync(lockFile) && fs.readFileSync(lockFile, 'utf8') === mine) fs.rmSync(lockFile, { force: true });
    };
  }
}

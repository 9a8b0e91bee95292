/**
 * CPU time of other processes and of the whole machine, from Linux's /proc, for the search benchmark. Every
 * function answers null where there is no /proc.
 */
import fs from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on every common Linux build). */
const TICKS_PER_SECOND = 100;

/** user + system CPU ms of the process or thread of this /proc stat file (fields 14 and 15), or null. */
function statMs(file) {
  try {
    const s = fs.readFileSync(file, 'utf8');
    // The command name may hold spaces and parentheses: the fields start after the last ')'.
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/**
 * @returns {Map<string, number> | null} CPU ms so far of every PostgreSQL process on this machine (server and
 * backends) by pid, or null when none is to be seen (a database on another machine).
 */
export function postgresCpu() {
  let dirs;
  try {
    dirs = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return null;
  }
  const byPid = new Map();
  for (const d of dirs) {
    let comm = '';
    try {
      comm = fs.readFileSync(`/proc/${d}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    if (comm !== 'postgres') continue;
    const t = statMs(`/proc/${d}/stat`);
    if (t != null) byPid.set(d, t);
  }
  return byPid.size ? byPid : null;
}

/**
 * CPU ms PostgreSQL spent between two postgresCpu() readings. A backend that started meanwhile counts in full;
 * one that ended meanwhile (a pool closing an idle connection) is left out rather than subtracted.
 * @param {Map<string, number> | null} before
 * @param {Map<string, number> | null} after
 * @returns {number | null}
 */
export function postgresCpuMsBetween(before, after) {
  if (!before || !after) return null;
  let ms = 0;
  for (const [pid, t] of after) ms += t - (before.get(pid) ?? 0);
  return ms;
}

/** @returns {{busy: number, total: number} | null} the machine's busy and total CPU ms over all cores. */
export function machineCpuMs() {
  try {
    const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
    const total = f.reduce((a, b) => a + b, 0);
    const idle = f[3] + f[4]; // idle + iowait
    return { busy: ((total - idle) * 1000) / TICKS_PER_SECOND, total: (total * 1000) / TICKS_PER_SECOND };
  } catch {
    return null;
  }
}

import { readdirSync, readFileSync } from 'node:fs';

/**
 * Where the machine's CPU goes while a load runs (the throughput and two-worker targets): the whole
 * machine from /proc/stat, and PostgreSQL's processes (same machine) from /proc/<pid>/stat. The bench reports
 * them per 1 000 calls, so a reader can tell a server that is slow from a machine that is full. Linux only; other
 * systems get nulls.
 */
interface CpuSnapshot {
  machineBusy: number;
  machineTotal: number;
  /** Ticks so far of each PostgreSQL process, by pid. */
  postgres: Map<string, number>;
}

/** Jiffies; USER_HZ is 100 on every Linux the bench runs on. */
const TICKS_PER_SECOND = 100;

function machineTicks(): { busy: number; total: number } {
  const [line] = readFileSync('/proc/stat', 'utf8').split('\n');
  const fields = line!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal (guest is already inside user).
  const total = fields.slice(0, 8).reduce((sum, value) => sum + value, 0);
  const idle = fields[3]! + fields[4]!;
  return { busy: total - idle, total };
}

function postgresTicks(): Map<string, number> {
  const ticks = new Map<string, number>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // "pid (comm) state ..." — comm may hold spaces, so fields count from the closing parenthesis.
      const close = stat.lastIndexOf(')');
      if (!stat.slice(stat.indexOf('(') + 1, close).startsWith('postgres')) continue;
      const fields = stat.slice(close + 2).split(' ');
      // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after "pid (comm)".
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      // The process ended while the directory was read.
    }
  }
  return ticks;
}

function snapshot(): CpuSnapshot | null {
  try {
    const machine = machineTicks();
    return { machineBusy: machine.busy, machineTotal: machine.total, postgres: postgresTicks() };
  } catch {
    return null;
  }
}

export interface CpuSplit {
  /** Share of all cores that were busy, 0..1. */
  machineBusyShare: number | null;
  /** CPU seconds per 1 000 calls: the whole machine, and PostgreSQL's processes. */
  machineSecondsPer1000: number | null;
  postgresSecondsPer1000: number | null;
}

/** Runs `load` (which answers how many calls it made) and splits the machine's CPU meanwhile. */
export async function withCpuSplit<T>(load: () => Promise<T>, callsOf: (value: T) => number) {
  const before = snapshot();
  const value = await load();
  const after = snapshot();
  const calls = callsOf(value);
  if (!before || !after || calls <= 0) {
    return { value, cpu: { machineBusyShare: null, machineSecondsPer1000: null, postgresSecondsPer1000: null } };
  }
  const per1000 = (ticks: number) => Math.round((ticks / TICKS_PER_SECOND / (calls / 1000)) * 1000) / 1000;
  const total = after.machineTotal - before.machineTotal;
  const busy = after.machineBusy - before.machineBusy;
  const cpu: CpuSplit = {
    machineBusyShare: total > 0 ? Math.round((busy / total) * 100) / 100 : null,
    machineSecondsPer1000: per1000(busy),
    // Per process: a connection that ended meanwhile takes its ticks with it, one that started counts from 0.
    postgresSecondsPer1000: per1000(
      [...after.postgres].reduce((sum, [pid, ticks]) => sum + ticks - (before.postgres.get(pid) ?? 0), 0),
    ),
  };
  return { value, cpu };
}

// Which process took the cores during a round: the CPU time of each process this bench started
// (and theirs: PostgreSQL's backends), from /proc, so a ratio bounded by the machine says so.
import { readdirSync, readFileSync } from 'node:fs';

/** Linux's clock ticks per second for /proc/<pid>/stat (USER_HZ, 100 on every common kernel). */
const TICKS_PER_SECOND = 100;

interface Stat {
  pid: number;
  parent: number;
  name: string;
  /** User plus system time, in ticks. */
  ticks: number;
}

function readStat(pid: string): Stat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name is in parentheses and may hold spaces; the fields after it are plain.
    const close = text.lastIndexOf(')');
    const fields = text.slice(close + 2).split(' ');
    return { pid: Number(pid), parent: Number(fields[1]), name: text.slice(text.indexOf('(') + 1, close), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined; // gone meanwhile
  }
}

/** CPU ticks so far of every descendant of this process, by pid. */
function descendants(): Map<number, Stat> {
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => readStat(pid) ?? []);
  const found = new Map<number, Stat>();
  let frontier = [process.pid];
  while (frontier.length) {
    const children = all.filter((stat) => frontier.includes(stat.parent) && !found.has(stat.pid));
    for (const child of children) found.set(child.pid, child);
    frontier = children.map((child) => child.pid);
  }
  return found;
}

/**
 * Starts counting; `stop` answers the cores each group used meanwhile (CPU seconds per second),
 * the processes named in `labels` by their label, the others (PostgreSQL's) by their name.
 */
export function countCpu(labels: ReadonlyMap<number, string>): { stop(): Record<string, number> } {
  const before = descendants();
  const started = performance.now();
  return {
    stop() {
      const seconds = (performance.now() - started) / 1000;
      const used: Record<string, number> = {};
      for (const [pid, stat] of descendants()) {
        const group = labels.get(pid) ?? stat.name;
        used[group] = (used[group] ?? 0) + (stat.ticks - (before.get(pid)?.ticks ?? 0)) / TICKS_PER_SECOND / seconds;
      }
      return used;
    },
  };
}

/** "API 1 0.81, postgres 0.62, ..., total 1.97 cores" */
export function describeCpu(used: Record<string, number>): string {
  const groups = Object.entries(used)
    .filter(([, cores]) => cores >= 0.01)
    .sort(([, a], [, b]) => b - a);
  const total = groups.reduce((sum, [, cores]) => sum + cores, 0);
  return `${groups.map(([name, cores]) => `${name} ${cores.toFixed(2)}`).join(', ')}, total ${total.toFixed(2)} cores`;
}

// CPU time from /proc: user + system of a process, its threads and its descendants (nginx's worker, say), and of
// every PostgreSQL server process. Clock ticks are 10 ms, so a figure is read over thousands of requests.
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";

export const TICKS_PER_SECOND = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;

/** Fields after the command name, which is in parentheses and may hold spaces. */
function statFields(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null; // the process has gone
  }
}

function ownTicks(pid) {
  const fields = statFields(pid);
  // utime and stime are the 14th and 15th fields of the line, the 12th and 13th after the name.
  return fields ? Number(fields[11]) + Number(fields[12]) : 0;
}

function childrenOf(pid) {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
      readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/** CPU seconds used so far by `pid` and the processes under it. */
export function cpuSecondsOf(pid) {
  let ticks = 0;
  const queue = [pid];
  while (queue.length > 0) {
    const next = queue.pop();
    ticks += ownTicks(next);
    queue.push(...childrenOf(next));
  }
  return ticks / TICKS_PER_SECOND;
}

/** The pids of PostgreSQL's processes: all of them, or with `database` the backends connected to it alone. */
function postgresPids(database) {
  const pids = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() !== "postgres") continue;
      // A backend's title, in its cmdline, names its database: "postgres: 15/main: postgres randa_volume 127.0.0.1(50312) idle".
      if (database && !readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(` ${database} `)) continue;
    } catch {
      continue;
    }
    pids.push(entry);
  }
  return pids;
}

/** A process's ticks with those of its children that have ended (cutime and cstime, the 16th and 17th fields). */
function ticksWithEndedChildren(pid) {
  const fields = statFields(pid);
  return fields ? Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]) : 0;
}

/**
 * CPU seconds used so far by every process named postgres (the server's backends and its own workers), and by the
 * backends that have ended: PostgreSQL's postmaster collects their time when they exit (an idle pool connection
 * closed), so it is not lost from the figure.
 */
export function postgresCpuSeconds() {
  return postgresPids().reduce((sum, pid) => sum + ticksWithEndedChildren(pid), 0) / TICKS_PER_SECOND;
}

/**
 * A reading of the CPU of the backends connected to `database`, leaving out other work on the same server;
 * `since()` answers the seconds they used since it. A backend that ended meanwhile (an idle pool connection closed)
 * takes its time with it, so the figure can fall short but never goes negative; one that started counts whole.
 */
export function databaseCpuReading(database) {
  const start = new Map(postgresPids(database).map((pid) => [pid, ownTicks(pid)]));
  return {
    since() {
      let ticks = 0;
      for (const pid of postgresPids(database)) ticks += Math.max(0, ownTicks(pid) - (start.get(pid) ?? 0));
      return ticks / TICKS_PER_SECOND;
    },
  };
}

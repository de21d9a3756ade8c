#!/usr/bin/env python3
"""Runs a command and writes to FILE the command process's own CPU time and its wall time.

    self_cpu.py FILE COMMAND [ARGS...]      FILE gets "CPU_SECONDS WALL_SECONDS"; exit status is
                                            the command's

Own CPU means utime + stime of that process (all its threads), not of its children: a match
runner's engines are its children, and what they cost is not the runner's. /usr/bin/time cannot
tell the two apart (a reaped child's time is added to its parent's), and polling /proc misses
what the process spends after the last sample. Here the process is waited for without being
reaped (WNOWAIT): as a zombie its /proc/PID/stat still holds its final times, children excluded.
"""
import os
import sys
import time


def main() -> int:
    if len(sys.argv) < 3:
        print("usage: self_cpu.py FILE COMMAND [ARGS...]", file=sys.stderr)
        return 2
    out, argv = sys.argv[1], sys.argv[2:]
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:
        try:
            os.execvp(argv[0], argv)
        except OSError as e:
            print(f"self_cpu.py: {argv[0]}: {e.strerror}", file=sys.stderr)
        os._exit(127)
    os.waitid(os.P_PID, pid, os.WEXITED | os.WNOWAIT)
    wall = time.monotonic() - start
    with open(f"/proc/{pid}/stat") as f:
        # The command name (field 2) may hold spaces and parentheses: split after its last ')'.
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    cpu = (int(fields[11]) + int(fields[12])) / ticks  # utime, stime: fields 14 and 15
    _, status = os.waitpid(pid, 0)
    with open(out, "w") as f:
        f.write(f"{cpu:.2f} {wall:.3f}\n")
    code = os.waitstatus_to_exitcode(status)
    return code if code >= 0 else 128 - code  # killed by a signal: as a shell reports it


if __name__ == "__main__":
    sys.exit(main())

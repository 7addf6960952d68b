"""A process and its descendants, as the benchmarks measure TheBackgrounder: in process isolation
(the default) the app's code runs in a child of the system's process, and that child's CPU time,
threads and memory are TheBackgrounder's too. Imported by scripts/lib/benchmark.py; the shell
scripts run it (scripts/lib/benchmark.sh):

    python3 scripts/lib/process_tree.py pids|ticks|peak-rss-kib|threads|memory PID

A process that ends between two readings is left out of the second."""

import array
import os
import sys
import time


def _stat_fields(pid):
    """The fields of /proc/PID/stat after the command name (which may hold spaces and parentheses)."""
    with open(f"/proc/{pid}/stat") as stat:
        return stat.read().rsplit(")", 1)[1].split()


def pids(root):
    """`root` and every process below it, parents first."""
    children = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            parent = int(_stat_fields(entry)[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(parent, []).append(int(entry))
    tree, waiting = [], [root]
    while waiting:
        pid = waiting.pop(0)
        tree.append(pid)
        waiting.extend(sorted(children.get(pid, [])))
    return tree


def _arguments(pid):
    """The command line of process `pid`, its arguments as bytes; None once it has ended."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
            return cmdline.read().split(b"\0")
    except OSError:
        return None


def is_audio_probe(pid):
    """Whether process `pid` is an `audio-probe` (short-lived, one per queued item the Audio
    tab opens); False for one that has ended."""
    return (_arguments(pid) or [])[1:2] == [b"audio-probe"]


def app_pid(root):
    """The app's own process under the system's process `root` (the default isolation): its
    live child that is not an audio-probe; None when there is none."""
    for pid in pids(root):
        arguments = _arguments(pid)
        if pid != root and arguments and arguments[1:2] != [b"audio-probe"]:
            return pid
    return None


def ticks(root):
    """CPU time (user and system) of the tree, in clock ticks."""
    total = 0
    for pid in pids(root):
        try:
            fields = _stat_fields(pid)
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total


def tasks(root):
    """(PID, TID) of each thread of the tree now."""
    for pid in pids(root):
        try:
            tids = os.listdir(f"/proc/{pid}/task")
        except OSError:
            continue
        for tid in tids:
            yield pid, tid


def cpu_nanoseconds(root):
    """CPU time of the tree's live threads, in nanoseconds (each thread's `schedstat`): finer than
    `ticks`, for what takes microseconds; a thread that ended takes its time with it."""
    total = 0
    for pid, tid in tasks(root):
        try:
            with open(f"/proc/{pid}/task/{tid}/schedstat") as schedstat:
                total += int(schedstat.read().split()[0])
        except (OSError, IndexError, ValueError):
            continue
    return total


def _status_kib(pid, field):
    """The figure `field` ("VmRSS", "VmHWM") of process `pid`'s status, in KiB; None once it ended."""
    try:
        with open(f"/proc/{pid}/status") as status:
            return next(int(line.split()[1]) for line in status if line.startswith(field + ":"))
    except (OSError, StopIteration):
        return None


def peak_rss_kib(root):
    """The sum of each process's peak resident set (VmHWM), in KiB: an upper bound of the tree's
    peak, as the processes need not have peaked at once."""
    return sum(kib for kib in (_status_kib(pid, "VmHWM") for pid in pids(root)) if kib is not None)


def resident_mappings(pid):
    """Each mapping of process `pid` with the physical pages resident in it now: (path, the
    mapping's permissions, their frame numbers), from its maps and pagemap (which gives frames to
    root only; elsewhere the sets are empty). An anonymous mapping's path is "", the heap's
    "[heap]"."""
    try:
        with open(f"/proc/{pid}/maps") as maps, open(f"/proc/{pid}/pagemap", "rb") as pagemap:
            for line in maps:
                fields = line.split(maxsplit=5)
                path = fields[5].strip() if len(fields) > 5 else ""
                if path == "[vsyscall]":
                    continue
                start, end = (int(address, 16) // 4096 for address in fields[0].split("-"))
                pagemap.seek(start * 8)
                entries = array.array("Q")
                entries.frombytes(pagemap.read((end - start) * 8))
                yield path, fields[1], {entry & _FRAME for entry in entries if entry >> 63 and entry & _FRAME}
    except OSError:
        return


def resident_pages(pid):
    """The physical pages resident in process `pid` now: their frame numbers."""
    frames = set()
    for _, _, mapped in resident_mappings(pid):
        frames |= mapped
    return frames


_FRAME = (1 << 55) - 1


def memory(root):
    """The tree's resident memory, in KiB: the resident sets summed over its processes
    (`summed`, what VmRSS says), each physical page counted once (`once`: the binary's and the
    libraries' pages, which the system's and the app's processes both map, are counted twice in
    the sum), and the difference (`twice`). Needs root for the frames (`once` is 0 otherwise)."""
    summed = 0
    frames = set()
    for pid in pids(root):
        kib = _status_kib(pid, "VmRSS")
        if kib is None:
            continue
        summed += kib
        frames |= resident_pages(pid)
    once = len(frames) * 4
    return {"summed": summed, "once": once, "twice": summed - once if once else 0}


def usage(pid):
    """CPU seconds (user and system) of the one process `pid` — its `stat`, which keeps the time
    of threads that have ended, so that a reading never goes back — and the voluntary context
    switches (wake-ups) of its live threads."""
    fields = _stat_fields(pid)
    cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    wakeups = 0
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/status") as status:
                wakeups += next(int(line.split()[1]) for line in status if line.startswith("voluntary_ctxt_switches:"))
        except OSError:
            continue
    return cpu, wakeups


def thread_wakeups(pid):
    """Each thread of the one process `pid`: {TID: (name, voluntary context switches)}; a thread
    that ends meanwhile is left out."""
    rows = {}
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return rows
    for tid in tasks:
        try:
            with open(f"/proc/{pid}/task/{tid}/comm") as comm:
                name = comm.read().strip()
            with open(f"/proc/{pid}/task/{tid}/status") as status:
                switches = next(int(line.split()[1]) for line in status if line.startswith("voluntary_ctxt_switches:"))
        except (OSError, StopIteration):
            continue
        rows[int(tid)] = (name, switches)
    return rows


def watch_wakeups(pids, seconds, every=0.1):
    """Each thread's wake-ups (voluntary context switches) over the next `seconds`, for each of
    the processes `pids`: {pid: {TID: (name, wake-ups)}}. Every thread is read every `every`
    seconds, so that one that starts and ends inside the window still counts (from 0: all its
    switches fall in the window); one that lives less than `every` can be missed."""
    seen = {pid: {} for pid in pids}
    first_look = True
    deadline = time.monotonic() + seconds
    while True:
        for pid in pids:
            for tid, (name, switches) in thread_wakeups(pid).items():
                row = seen[pid].setdefault(tid, [name, switches if first_look else 0, switches])
                row[0], row[2] = name, switches
        first_look = False
        if time.monotonic() >= deadline:
            return {pid: {tid: (name, last - first) for tid, (name, first, last) in rows.items()} for pid, rows in seen.items()}
        time.sleep(every)


def is_frozen(pid):
    """Whether the kernel has frozen process `pid`: its cgroup v2 freezer says `frozen 1`, or it is
    stopped (SIGSTOP, where no cgroup freezer can be written)."""
    with open(f"/proc/{pid}/cgroup") as lines:
        path = next((line.rstrip("\n").split(":", 2)[2] for line in lines if line.startswith("0::")), "/")
    with open("/proc/self/mountinfo") as mounts:
        # The mount point is field 5; the filesystem's type follows the " - " separator.
        roots = [line.split()[4] for line in mounts if line.split(" - ")[1].split()[0] == "cgroup2"]
    for root in roots:
        try:
            with open(f"{root}{path}/cgroup.events") as events:
                if "frozen 1" in events.read().split("\n"):
                    return True
        except OSError:
            continue
    return _stat_fields(pid)[0] == "T"


def threads(root):
    """Each thread of the tree: (PID/TID, name, context switches)."""
    rows = []
    for pid, tid in tasks(root):
        try:
            with open(f"/proc/{pid}/task/{tid}/comm") as comm:
                name = comm.read().strip().replace(" ", "_")
            with open(f"/proc/{pid}/task/{tid}/status") as status:
                switches = sum(int(line.split()[1]) for line in status if "ctxt_switches" in line)
        except OSError:
            continue
        rows.append((f"{pid}/{tid}", name, switches))
    return rows


if __name__ == "__main__":
    what, root = sys.argv[1], int(sys.argv[2])
    if what == "pids":
        print("\n".join(str(pid) for pid in pids(root)))
    elif what == "ticks":
        print(ticks(root))
    elif what == "peak-rss-kib":
        print(peak_rss_kib(root))
    elif what == "threads":
        print("\n".join(f"{key} {name} {switches}" for key, name, switches in threads(root)))
    elif what == "memory":
        used = memory(root)
        print(f"{used['summed']} {used['once']} {used['twice']}")
    else:
        sys.exit(f"process_tree.py: unknown measure {what!r}; use pids, ticks, peak-rss-kib, threads or memory")

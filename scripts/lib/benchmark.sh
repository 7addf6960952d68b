# Shared by the benchmark scripts (sourced, not run).
#
# When BENCHMARK_ROWS names a file (scripts/benchmark-all sets it), each script appends its
# results there as rows of docs/PERFORMANCE.md's table, and when BENCHMARK_FACTS names one, the
# figures the notes (docs/PERFORMANCE-NOTES.md, a template) quote as {{KEY}}; BENCHMARK_ROUNDS
# says how many alternating rounds of Backgrounder and its reference to run (3 unless set).
# scripts/lib/benchmark.py is the same for the Python scripts.

rounds="${BENCHMARK_ROUNDS:-3}"
benchmark_lib="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

# The release builds of every benchmark share one scratch path, .build-release (BENCHMARK_SCRATCH
# names another): the Benchmarks package depends on Backgrounder by path and so reuses its
# release modules instead of compiling them again, and no benchmark waits on the debug build's
# lock in .build. scripts/lib/benchmark.py builds there too.
release_scratch="${BENCHMARK_SCRATCH:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/.build-release}"
export BENCHMARK_SCRATCH="$release_scratch"
# Where the release products are.
release_bin="$release_scratch/release"

# Builds PRODUCT in release, of Backgrounder or, with --package-path Benchmarks, of the
# benchmarks: "release_build [--package-path Benchmarks] --product PRODUCT". The build
# description is planned afresh each time: SwiftPM keeps one, release.yaml, for whichever package
# was built there last, and a build of the other then fails with "No target named … in build
# description"; the compiled modules stay and are reused. Its output (the dependencies'
# warnings among it) is printed only when it fails, so that it stays out of the pages the
# benchmarks' output is quoted in.
release_build() {
    rm -f "$release_scratch/release.yaml"
    local log status=0
    log="$(mktemp)"
    swift build -c release --scratch-path "$release_scratch" "$@" >"$log" 2>&1 || status=$?
    [ "$status" -eq 0 ] || cat "$log" >&2
    rm -f "$log"
    return "$status"
}

# Fails, naming the Debian package, unless COMMAND exists: "require_tool COMMAND PACKAGE".
require_tool() {
    command -v "$1" >/dev/null 2>&1 && return
    echo "$(basename "$0"): $1 is missing; install the Debian package $2 (scripts/setup installs everything)" >&2
    exit 1
}

# Appends one row of the table: MEASURE BACKGROUNDER REFERENCE RATIO GOAL MET [WHY].
# MET is "yes" or "no"; WHY says what the row leaves out, or why a goal is not met.
table_row() {
    [ -n "${BENCHMARK_ROWS:-}" ] || return 0
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" "$5" "$6" "${7:-}" >> "$BENCHMARK_ROWS"
}

# Appends a figure for the notes' template, quoted there as {{KEY}}: "fact KEY VALUE".
fact() {
    [ -n "${BENCHMARK_FACTS:-}" ] || return 0
    printf '%s\t%s\n' "$1" "$2" >> "$BENCHMARK_FACTS"
}

# Process $1 and its descendants (scripts/lib/process_tree.py): in process isolation, the default,
# TheBackgrounder's app runs in a child of the system's process, and counts as TheBackgrounder's.
# CPU time (user + system) in clock ticks:
cpu_ticks() { python3 "$benchmark_lib/process_tree.py" ticks "$1"; }
# The sum of the processes' peak RSS (VmHWM), in KiB:
peak_rss_kib() { python3 "$benchmark_lib/process_tree.py" peak-rss-kib "$1"; }
# Each thread, "PID/TID NAME CONTEXT-SWITCHES" a line:
tree_threads() { python3 "$benchmark_lib/process_tree.py" threads "$1"; }
# Ends process $1 and its descendants and returns once they are gone (SIGTERM; SIGKILL to any
# left after 5 s), so that none still writes in a directory about to be removed: the app's own
# process ends after the system's.
stop_tree() {
    local pids pid tries=100
    pids="$(python3 "$benchmark_lib/process_tree.py" pids "$1")" || return 0
    kill $pids 2>/dev/null || true
    wait "$1" 2>/dev/null || true
    for pid in $pids; do
        while kill -0 "$pid" 2>/dev/null && [ "$tries" -gt 0 ]; do sleep 0.05; tries=$((tries - 1)); done
    done
    [ "$tries" -gt 0 ] || kill -9 $pids 2>/dev/null || true
}

# A free TCP port on loopback.
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

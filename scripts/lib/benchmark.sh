# Shared by the benchmark scripts (sourced, not run).
#
# When BENCHMARK_ROWS names a file (scripts/benchmark-all sets it), each script appends its
# results there as rows of docs/PERFORMANCE.md's table, and when BENCHMARK_FACTS names one, the
# figures the notes (docs/PERFORMANCE-NOTES.md, a template) quote as {{KEY}}; BENCHMARK_ROUNDS
# says how many alternating rounds of Backgrounder and its reference to run (3 unless set).
# scripts/lib/benchmark.py is the same for the Python scripts.

rounds="${BENCHMARK_ROUNDS:-3}"

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

# CPU time (user + system) a process has used, in clock ticks.
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }

# A free TCP port on loopback.
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

"""judge_many's throughput against `fairplay batch` on the same logs, in CPU time.

    python crates/python/bench/judge_many.py LOGS.jsonl [FAIRPLAY] [RUNS]

LOGS.jsonl: `fairplay simulate quartets --seed 1 --count 100000 --cheat-rate 0.01 --format
jsonl`. Measures the CPU time (user + system, every thread) of `fairplay batch -j1 --format
csv LOGS.jsonl` and of `judge_many(logs, threads=1)` on the same logs as a pyarrow array and
as a Python list (the best of RUNS runs each), and prints logs per CPU second and the ratios.
CPU time, not wall time: the machine may be shared.
"""

import json
import resource
import subprocess
import sys
import time

import pyarrow as pa

import fairplay


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    path = sys.argv[1]
    binary = sys.argv[2] if len(sys.argv) > 2 else "fairplay"
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    with open(path) as f:
        logs = [json.loads(line)["log"] for line in f]
    n = len(logs)
    batch = []
    for _ in range(runs):
        before = children_cpu()
        subprocess.run([binary, "batch", "-j1", "--quiet", "--format", "csv", path],
                       check=True, stdout=subprocess.DEVNULL)
        batch.append(children_cpu() - before)
    array = pa.array(logs, pa.string())
    results = {"fairplay batch -j1 (JSON Lines file)": min(batch)}
    for name, given in (("judge_many, pyarrow array", array), ("judge_many, Python list", logs)):
        times = []
        for _ in range(runs):
            start = time.process_time()
            rows = fairplay.judge_many(given, threads=1)
            times.append(time.process_time() - start)
        assert rows.num_rows == n
        results[name] = min(times)
    base = n / results["fairplay batch -j1 (JSON Lines file)"]
    print(f"{n} logs, best of {runs} runs, CPU time")
    for name, seconds in results.items():
        rate = n / seconds
        print(f"{name:40s} {seconds:6.3f} s  {rate:9.0f} logs/s  {100 * rate / base:5.1f} %")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Replay a directory of session logs through a compiled policy on Spark.

Each partition pipes its sessions through the `haptic-policy` CLI
(`eval --format none --summary json`), one summary per batch of logs, and the driver
adds the summaries up with `merge`, the mirror of `FleetSummary.merge` in
Sources/HapticPolicyTools/Logs/FleetSummary.swift. A single-machine
`haptic-policy eval BUNDLE DIR --summary json` and this job give the same aggregate,
number for number (Examples/spark/test_replay.py checks it; Docs/fleet.md says when to
use which).

    spark-submit Examples/spark/replay.py --cli .build/release/haptic-policy \\
        --policy plavo.bundle.json --logs sessions/ --out summary.json

The logs must be readable at the same path on every executor (a shared file system;
on one machine, local mode).
"""

import argparse
import json
import os
import stat
import subprocess
import sys

FORMAT = "haptic-policy-summary"
VERSION = 1
WORST_LIMIT = 10
# The command line of one CLI call stays well under the system's limit.
BATCH = 200
# The deepest a directory walk goes (InputFiles.maxWalkDepth).
MAX_DEPTH = 32


def log_names(root):
    """The CLI's naming rule (EventLogFiles.expand, InputFiles.walk): every *.jsonl and
    *.jsonl.gz under the directory, recursively, named `root/relative`, in byte order of
    the relative path. Links are followed, but each real folder and file is taken once
    (by device and inode; a folder's own entries before its links), folders more than
    MAX_DEPTH deep are not entered, and only regular files are logs."""
    base = root[:-1] if len(root) > 1 and root.endswith("/") else root
    def key(name):
        return name.encode("utf-8", "surrogateescape")
    try:
        start = os.stat(base)
    except OSError:
        return []
    folders = {(start.st_dev, start.st_ino)}
    files = set()
    found = []
    pending = [("", 0)]
    while pending:
        relative, depth = pending.pop()
        directory = base if not relative else base + "/" + relative
        try:
            names = sorted(os.listdir(directory), key=key)
        except OSError:
            continue
        links = {name for name in names if os.path.islink(directory + "/" + name)}
        entered = []
        for name in [n for n in names if n not in links] + [n for n in names if n in links]:
            path = name if not relative else relative + "/" + name
            try:
                info = os.stat(base + "/" + path)
            except OSError:
                continue
            identity = (info.st_dev, info.st_ino)
            if stat.S_ISDIR(info.st_mode):
                if identity not in folders and depth + 1 <= MAX_DEPTH:
                    folders.add(identity)
                    entered.append(path)
            elif stat.S_ISREG(info.st_mode) and (name.endswith(".jsonl") or name.endswith(".jsonl.gz")):
                if identity not in files:
                    files.add(identity)
                    found.append(path)
        pending += [(path, depth + 1) for path in reversed(sorted(entered, key=key))]
    found.sort(key=key)
    return [base + "/" + relative for relative in found]


def empty():
    """The identity of `merge`."""
    return {
        "format": FORMAT, "version": VERSION, "sessions": 0, "lines": 0, "invalidLines": 0,
        "sessionsWithInvalidLines": 0, "actions": {}, "reasons": {}, "screens": {}, "feedback": {},
        "budgetBreaches": 0, "chatter": 0, "integration": {}, "worst": [], "badLogs": [],
    }


def _add(a, b):
    out = dict(a)
    for key, value in b.items():
        out[key] = out.get(key, 0) + value
    return out


def _utf8(text):
    return text.encode("utf-8")


def merge(a, b):
    """FleetSummary.merge: integers add, maps add key by key, the worst sessions are the
    first WORST_LIMIT of both in one total order, bad logs stay sorted."""
    for summary in (a, b):
        if summary.get("format") != FORMAT or summary.get("version") != VERSION:
            raise ValueError("not a version %d %s" % (VERSION, FORMAT))
    out = empty()
    for key in ("sessions", "lines", "invalidLines", "sessionsWithInvalidLines", "budgetBreaches", "chatter"):
        out[key] = a[key] + b[key]
    for key in ("actions", "reasons", "feedback", "integration"):
        out[key] = _add(a[key], b[key])
    screens = {}
    for source in (a["screens"], b["screens"]):
        for name, screen in source.items():
            mine = screens.get(name, {"decisions": 0, "rings": 0, "milliseconds": 0, "histogram": {}})
            screens[name] = {
                "decisions": mine["decisions"] + screen["decisions"],
                "rings": mine["rings"] + screen["rings"],
                "milliseconds": mine["milliseconds"] + screen["milliseconds"],
                "histogram": _add(mine["histogram"], screen["histogram"]),
            }
    out["screens"] = screens
    out["worst"] = sorted(
        a["worst"] + b["worst"],
        key=lambda w: (-w["ringsPerMinuteTenths"], _utf8(w["log"]), _utf8(w["screen"])),
    )[:WORST_LIMIT]
    out["badLogs"] = sorted(a["badLogs"] + b["badLogs"], key=lambda x: (_utf8(x["log"]), _utf8(x["message"])))
    return out


def replay_partition(cli, policy, names):
    """Runs the CLI over one partition's logs, a batch at a time; yields one summary per batch."""
    names = list(names)
    for start in range(0, len(names), BATCH):
        batch = names[start:start + BATCH]
        result = subprocess.run(
            [cli, "eval", policy, *batch, "--format", "none", "--summary", "json", "--jobs", "1", "--quiet"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False,
        )
        # Exit 1 means bad logs or invalid lines, which the summary counts; no summary
        # line means the run itself failed (the policy, the CLI).
        lines = result.stdout.decode("utf-8").strip().splitlines()
        if not lines:
            raise RuntimeError("haptic-policy eval failed (exit %d): %s" % (result.returncode, result.stderr.decode()))
        yield json.loads(lines[-1])


def run(spark_context, cli, policy, logs, partitions):
    """The merged summary of every log under `logs`."""
    names = log_names(logs)
    if not names:
        raise SystemExit("%s: no *.jsonl or *.jsonl.gz files" % logs)
    # The executors' Python imports this module to run `replay_partition` and `merge`.
    spark_context.addPyFile(os.path.abspath(__file__))
    rdd = spark_context.parallelize(names, max(1, min(partitions, len(names))))
    return rdd.mapPartitions(lambda part: replay_partition(cli, policy, part)).fold(empty(), merge)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cli", required=True, help="the haptic-policy executable")
    parser.add_argument("--policy", required=True, help="a compiled bundle (or YAML policy)")
    parser.add_argument("--logs", required=True, help="a directory of *.jsonl / *.jsonl.gz session logs")
    parser.add_argument("--partitions", type=int, default=8)
    parser.add_argument("--master", default=None, help="e.g. local[2]; default: spark-submit's")
    parser.add_argument("--out", default="-", help="where to write the merged summary (JSON)")
    args = parser.parse_args(argv)

    from pyspark.sql import SparkSession

    builder = SparkSession.builder.appName("haptic-policy-replay")
    if args.master:
        builder = builder.master(args.master)
    spark = builder.getOrCreate()
    try:
        cli = os.path.abspath(args.cli)
        summary = run(spark.sparkContext, cli, args.policy, args.logs, args.partitions)
    finally:
        spark.stop()
    text = json.dumps(summary, separators=(",", ":"), ensure_ascii=False)
    if args.out == "-":
        print(text)
    else:
        with open(args.out, "w", encoding="utf-8") as file:
            file.write(text + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])

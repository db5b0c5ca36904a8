#!/usr/bin/env python3
"""Replay session logs through a compiled policy on Spark.

The driver lists the logs through Spark's own Hadoop FileSystem (so `file:`, `hdfs:`,
`s3a:`, `dbfs:` and any scheme the cluster is configured for work), ships the
`haptic-policy` binary and the policy bundle to the executors with
`SparkContext.addFile`, and the executors read the logs with `binaryFiles`, write each
batch to their own scratch folder, and run `haptic-policy eval <bundle> <logs...>
--format none --summary json --jobs 1` on it (the executable and the bundle found with
`SparkFiles.get`). The driver adds the summaries up with `merge`, the mirror of
`FleetSummary.merge` in Sources/HapticPolicyReplay/Logs/FleetSummary.swift. A
single-machine `haptic-policy eval BUNDLE DIR --summary json` and this job give the same
aggregate, number for number, with the same log names (Examples/spark/test_replay.py
checks it in local-cluster mode; Docs/fleet.md says when to use which and how to run it
on YARN, Kubernetes and Databricks).

    spark-submit Examples/spark/replay.py --cli haptic-policy \\
        --policy plavo.bundle.json --logs sessions/ --out summary.json

Every path without a scheme is resolved on the driver to an absolute `file:` URI before
anything is sent to an executor. Exit status: 0, every log replayed and valid; 1, some
logs were bad or had invalid lines (the summary is written and names them), or every
log was bad; 2, the job could not start (no logs there, a missing binary or bundle).
"""

import argparse
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import urllib.parse

FORMAT = "haptic-policy-summary"
VERSION = 1
WORST_LIMIT = 10
# FleetSummary.countLimit: every count, and every total, stays below it (9e15, where a
# double still holds every whole number), so a merged summary can be read and merged again.
COUNT_LIMIT = 9_000_000_000_000_000
# The command line of one CLI call stays well under the system's limit.
BATCH = 200
# The deepest a directory walk goes (InputFiles.maxWalkDepth).
MAX_DEPTH = 32
# The characters that make the CLI (EventLogFiles.expand) read an argument as a glob.
GLOB = "*?["
# A URI scheme (`s3a:`, `dbfs:`); a single letter is not one (no Windows drives here).
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]+:")


class ReplayError(Exception):
    """A mistake in what the job was given (a missing location, no logs there): the
    message names the path and what to do. `main` prints it and exits 2."""


class Overflow(ValueError):
    """A merge whose sum would reach COUNT_LIMIT (FleetSummary.Overflow)."""

    def __init__(self, count):
        self.count = count
        super().__init__(
            'the merged "%s" would reach %d, the largest count a summary holds; '
            "merge fewer summaries at once, or check that these are summaries of different logs"
            % (count, COUNT_LIMIT))


def resolve(location):
    """`location` as a URI Spark can hand to any machine: a scheme is kept as given; a
    path without one becomes an absolute `file:` URI of the driver's file system."""
    if SCHEME.match(location):
        return location
    path = os.path.abspath(location)
    return "file://" + path if path.startswith("/") else "file:" + path


def _key(name):
    return name.encode("utf-8", "surrogateescape")


def _hadoop(spark_context, uri):
    """The Hadoop FileSystem and Path of `uri`, as the cluster is configured."""
    jvm = spark_context._jvm
    path = jvm.org.apache.hadoop.fs.Path(uri)
    return path.getFileSystem(spark_context._jsc.hadoopConfiguration()), path


def _status(fs, path):
    """The FileStatus of `path`, or None when there is nothing there."""
    try:
        return fs.getFileStatus(path)
    except Exception as error:  # py4j's Py4JJavaError wrapping FileNotFoundException
        if "FileNotFoundException" in str(error):
            return None
        raise


def list_logs(spark_context, location):
    """The logs at `location` as (URI, name) pairs, by the CLI's rule
    (EventLogFiles.expand, InputFiles.walk), listed through Spark's Hadoop FileSystem:

    - a directory stands for every *.jsonl and *.jsonl.gz under it, recursively, named
      `location/relative`, in byte order of the relative path; links are followed, but
      each real folder and file is taken once (on a local file system by device and
      inode, a folder's own entries before its links), and folders more than MAX_DEPTH
      deep are not entered;
    - a glob (`*`, `?`, `[` in a location that is not itself a file) stands for the files
      it matches, named by the pattern's own folder, sorted;
    - a file stands for itself.

    Nothing there, or no logs under a directory, is a ReplayError naming the location."""
    uri = resolve(location)
    fs, path = _hadoop(spark_context, uri)
    found = _status(fs, path)
    if found is None and any(c in location for c in GLOB):
        return _glob(fs, spark_context, location)
    if found is None:
        raise ReplayError(
            "%s: no such file or directory (read as %s); give the folder, file or quoted glob of the logs"
            % (location, uri))
    qualified = found.getPath().toString()
    if not found.isDirectory():
        return [(qualified, location)]
    base = location[:-1] if len(location) > 1 and location.endswith("/") else location
    logs = _walk(fs, found, qualified.startswith("file:"))
    if not logs:
        raise ReplayError(
            "%s: no *.jsonl or *.jsonl.gz files in this directory (read as %s); give the folder of the logs"
            % (location, uri))
    return [(uri, base + "/" + relative) for relative, uri in logs]


def _glob(fs, spark_context, pattern):
    first = min(pattern.index(c) for c in GLOB if c in pattern)
    cut = pattern.rfind("/", 0, first)
    folder = pattern[:cut] if cut > 0 else ("/" if cut == 0 else "")
    prefix = _status(fs, _hadoop(spark_context, resolve(folder or "."))[1])
    matches = [s for s in (fs.globStatus(_hadoop(spark_context, resolve(pattern))[1]) or []) if s.isFile()]
    if not matches or prefix is None:
        raise ReplayError("%s: the pattern matches no file (read as %s); check it (and quote it)"
                          % (pattern, resolve(pattern)))
    root = prefix.getPath().toString().rstrip("/")
    named = []
    for match in matches:
        qualified = match.getPath().toString()
        rest = qualified[len(root):].lstrip("/")
        name = rest if not folder else (folder.rstrip("/") + "/" + rest if folder != "/" else "/" + rest)
        named.append((qualified, name))
    return sorted(named, key=lambda pair: _key(pair[1]))


def _walk(fs, top, local):
    """(relative path, URI) of each log under the directory `top` (InputFiles.walk), in
    byte order of the relative path."""
    def identity(status):
        if local:
            info = os.stat(status.getPath().toUri().getPath())
            return (info.st_dev, info.st_ino)
        return status.getPath().toString()

    def is_link(status):
        return os.path.islink(status.getPath().toUri().getPath()) if local else status.isSymlink()

    folders = {identity(top)}
    files = set()
    found = []
    pending = [("", top.getPath(), 0)]
    while pending:
        relative, path, depth = pending.pop()
        try:
            entries = sorted(fs.listStatus(path), key=lambda s: _key(s.getPath().getName()))
        except Exception:  # an unreadable folder is skipped, as the CLI does
            continue
        links = [s for s in entries if is_link(s)]
        entered = []
        for status in [s for s in entries if not is_link(s)] + links:
            name = status.getPath().getName()
            child = name if not relative else relative + "/" + name
            try:
                own = identity(status)
            except OSError:
                continue
            if status.isDirectory():
                if own not in folders and depth + 1 <= MAX_DEPTH:
                    folders.add(own)
                    entered.append((child, status.getPath()))
            elif status.isFile() and (name.endswith(".jsonl") or name.endswith(".jsonl.gz")):
                if own not in files:
                    files.add(own)
                    found.append((child, status.getPath().toString()))
        pending += [(child, p, depth + 1) for child, p in reversed(sorted(entered, key=lambda e: _key(e[0])))]
    found.sort(key=lambda pair: _key(pair[0]))
    return found


def empty():
    """The identity of `merge`."""
    return {
        "format": FORMAT, "version": VERSION, "sessions": 0, "lines": 0, "invalidLines": 0,
        "sessionsWithInvalidLines": 0, "actions": {}, "reasons": {}, "screens": {}, "feedback": {},
        "budgetBreaches": 0, "chatter": 0, "integration": {}, "worst": [], "badLogs": [],
    }


def _sum(a, b, name):
    total = a + b
    if total >= COUNT_LIMIT:
        raise Overflow(name)
    return total


def _add(a, b, name):
    out = dict(a)
    for key, value in b.items():
        out[key] = _sum(out.get(key, 0), value, "%s.%s" % (name, key))
    return out


def _utf8(text):
    return text.encode("utf-8")


def merge(a, b):
    """FleetSummary.merge: integers add, maps add key by key, the worst sessions are the
    first WORST_LIMIT of both in one total order, bad logs stay sorted. A sum that would
    reach COUNT_LIMIT raises Overflow naming the count, with FleetSummary's message."""
    for summary in (a, b):
        if summary.get("format") != FORMAT or summary.get("version") != VERSION:
            raise ValueError("not a version %d %s" % (VERSION, FORMAT))
    out = empty()
    for key in ("sessions", "lines", "invalidLines", "sessionsWithInvalidLines"):
        out[key] = _sum(a[key], b[key], key)
    for key in ("actions", "reasons"):
        out[key] = _add(a[key], b[key], key)
    screens = {name: dict(screen) for name, screen in a["screens"].items()}
    for name, screen in b["screens"].items():
        mine = screens.get(name, {"decisions": 0, "rings": 0, "milliseconds": 0, "histogram": {}})
        key = "screens." + name
        screens[name] = {
            "decisions": _sum(mine["decisions"], screen["decisions"], key + ".decisions"),
            "rings": _sum(mine["rings"], screen["rings"], key + ".rings"),
            "milliseconds": _sum(mine["milliseconds"], screen["milliseconds"], key + ".milliseconds"),
            "histogram": _add(mine["histogram"], screen["histogram"], key + ".histogram"),
        }
        # A screen's sessions (the histogram's total) stay below the limit too.
        _sum(sum(screens[name]["histogram"].values()), 0, key + ".histogram")
    out["screens"] = screens
    out["feedback"] = _add(a["feedback"], b["feedback"], "feedback")
    for key in ("budgetBreaches", "chatter"):
        out[key] = _sum(a[key], b[key], key)
    out["integration"] = _add(a["integration"], b["integration"], "integration")
    _sum(sum(out["integration"].values()), 0, "integration")
    out["worst"] = sorted(
        a["worst"] + b["worst"],
        key=lambda w: (-w["ringsPerMinuteTenths"], _utf8(w["log"]), _utf8(w["screen"])),
    )[:WORST_LIMIT]
    out["badLogs"] = sorted(a["badLogs"] + b["badLogs"], key=lambda x: (_utf8(x["log"]), _utf8(x["message"])))
    return out


def _scratch():
    """The executor's own scratch folder (YARN and Kubernetes set SPARK_LOCAL_DIRS)."""
    for folder in os.environ.get("SPARK_LOCAL_DIRS", "").split(","):
        if folder and os.path.isdir(folder):
            return folder
    return None


def _evaluate(cli, policy, folder, batch):
    """One CLI call over a batch of (file in `folder`, name) pairs; its summary, with the
    logs named by their names."""
    result = subprocess.run(
        [cli, "eval", policy, *[file for file, _ in batch], "--format", "none", "--summary", "json",
         "--jobs", "1", "--quiet"],
        cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False,
    )
    # Exit 1 means bad logs or invalid lines, which the summary counts; no summary line
    # means the run itself failed (the policy, the CLI).
    # Records end with "\n" only: splitlines() would also split inside a JSON string at
    # U+2028, U+2029 or U+0085 (the CLI escapes them; an older CLI may not).
    lines = [line for line in result.stdout.decode("utf-8").split("\n") if line.strip()]
    if not lines:
        raise RuntimeError("haptic-policy eval failed (exit %d): %s" % (result.returncode, result.stderr.decode()))
    summary = json.loads(lines[-1])
    names = dict(batch)
    for entry in summary["worst"] + summary["badLogs"]:
        entry["log"] = names[entry["log"]]
    return summary


def replay_partition(cli_file, policy_file, names, records):
    """Runs the shipped CLI over one partition's logs (`records`: binaryFiles' (URI,
    bytes) pairs), a batch at a time; yields one summary per batch. Each batch is written
    to a scratch folder as 00000.jsonl, 00001.jsonl.gz, ... numbered in the byte order of
    the logs' names, so the CLI breaks ties among the worst sessions as it would have
    with the real names, and its summary is then renamed."""
    from pyspark import SparkFiles

    cli = SparkFiles.get(cli_file)
    policy = SparkFiles.get(policy_file)
    if not os.access(cli, os.X_OK):
        os.chmod(cli, os.stat(cli).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    folder = tempfile.mkdtemp(prefix="haptic-replay-", dir=_scratch())
    try:
        pending = []

        def flush():
            pending.sort(key=lambda pair: _key(pair[0]))
            batch = []
            for index, (name, content) in enumerate(pending):
                file = "%05d%s" % (index, ".jsonl.gz" if name.endswith(".gz") else ".jsonl")
                with open(os.path.join(folder, file), "wb") as out:
                    out.write(content)
                batch.append((file, name))
            summary = _evaluate(cli, policy, folder, batch)
            for file, _ in batch:
                os.remove(os.path.join(folder, file))
            pending.clear()
            return summary

        for uri, content in records:
            pending.append((names[uri], content))
            if len(pending) == BATCH:
                yield flush()
        if pending:
            yield flush()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def ship(spark_context, location, flag, what):
    """Adds the file at `location` (a path or any URI Spark reads) to what every executor
    fetches (`SparkContext.addFile`); returns the name `SparkFiles.get` finds it by."""
    uri = resolve(location)
    fs, path = _hadoop(spark_context, uri)
    found = _status(fs, path)
    if found is None or not found.isFile():
        raise ReplayError("%s %s: no such file (read as %s); give the path or URI of %s"
                          % (flag, location, uri, what))
    name = found.getPath().getName()
    qualified = found.getPath().toString()
    # What this job shipped on this context, by name: executors fetch every added file
    # into one folder, so two different files with one name cannot both be shipped.
    shipped = getattr(spark_context, "_haptic_policy_shipped", None)
    if shipped is None:
        shipped = spark_context._haptic_policy_shipped = {}
    if shipped.get(name, qualified) != qualified:
        raise ReplayError("%s %s: another file named '%s' is already shipped (%s); rename one of them"
                          % (flag, location, name, shipped[name]))
    if name not in shipped:
        spark_context.addFile(qualified)
        shipped[name] = qualified
    return name


def run(spark_context, cli, policy, logs, partitions):
    """The merged summary of every log at `logs` (a folder, file or glob; a path or URI),
    replayed through the policy bundle `policy` by the `haptic-policy` executable `cli`,
    both shipped to the executors."""
    if policy.endswith((".yaml", ".yml")):
        raise ReplayError(
            "--policy %s: a YAML policy may include other files, which are not shipped; compile it first "
            "(haptic-policy compile %s -o plavo.bundle.json) and give the bundle" % (policy, policy))
    listed = list_logs(spark_context, logs)
    for uri, name in listed:
        # binaryFiles takes a comma-separated list of glob patterns.
        if "," in uri:
            raise ReplayError("%s: Spark's binaryFiles cannot read a file with ',' in its name; rename it" % name)
    cli_file = ship(spark_context, cli, "--cli", "the haptic-policy executable")
    policy_file = ship(spark_context, policy, "--policy", "the policy bundle (haptic-policy compile)")
    names = dict(listed)
    # The executors' Python imports this module to run `replay_partition` and `merge`.
    spark_context.addPyFile(os.path.abspath(__file__))
    patterns = ",".join(re.sub(r"([\\*?\[\]{}])", r"\\\1", uri) for uri, _ in listed)
    rdd = spark_context.binaryFiles(patterns, max(1, min(partitions, len(listed))))
    return rdd.mapPartitions(lambda part: replay_partition(cli_file, policy_file, names, part)).fold(empty(), merge)


def write(spark_context, location, text):
    """Writes `text` to standard output (`-`), a local file, or any URI Spark writes
    (`hdfs:`, `s3a:`, `dbfs:`: where a cluster-mode driver's output must go)."""
    if location == "-":
        sys.stdout.write(text)
        return
    if not SCHEME.match(location) or location.startswith("file:"):
        path = urllib.parse.urlparse(location).path if SCHEME.match(location) else location
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
        return
    fs, path = _hadoop(spark_context, location)
    stream = fs.create(path, True)
    try:
        stream.write(bytearray(text.encode("utf-8")))
    finally:
        stream.close()


def verdict(summary):
    """The exit status for `summary` and the error lines to print (the CLI's rules, and
    a job that replayed nothing fails however it ended)."""
    errors = []
    bad = summary["badLogs"]
    total = summary["sessions"] + len(bad)
    for entry in bad:
        errors.append("error: %s: %s (left out of the counts)" % (entry["log"], entry["message"]))
    if bad and summary["sessions"] == 0:
        errors.append("error: every one of the %d logs was bad, nothing was replayed; check that these are "
                      "session logs (haptic-policy eval on one of them says why)" % total)
    elif bad:
        errors.append("error: %d of %d logs could not be read to their end; see their names above" % (len(bad), total))
    if summary["invalidLines"] > 0:
        errors.append("error: %d invalid line(s) in %d log(s); replay those logs with haptic-policy eval for line, "
                      "column and message" % (summary["invalidLines"], summary["sessionsWithInvalidLines"]))
    return (1 if errors else 0), errors


def main(argv):
    """Runs the job; returns the exit status. A Spark session that already exists (a
    Databricks job, a notebook, a test) is used and left running."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cli", required=True,
                        help="the haptic-policy executable to ship (a path or URI; build it with scripts/build-static)")
    parser.add_argument("--policy", required=True, help="the compiled policy bundle to ship (a path or URI)")
    parser.add_argument("--logs", required=True,
                        help="a folder, file or quoted glob of *.jsonl / *.jsonl.gz logs (a path or URI)")
    parser.add_argument("--partitions", type=int, default=8)
    parser.add_argument("--master", default=None, help="e.g. local[2]; default: spark-submit's")
    parser.add_argument("--out", default="-", help="where to write the merged summary (JSON): -, a path or a URI")
    args = parser.parse_args(argv)

    from pyspark.sql import SparkSession

    existing = SparkSession.getActiveSession()
    builder = SparkSession.builder.appName("haptic-policy-replay")
    if args.master:
        builder = builder.master(args.master)
    spark = existing or builder.getOrCreate()
    try:
        summary = run(spark.sparkContext, args.cli, args.policy, args.logs, args.partitions)
        text = json.dumps(summary, separators=(",", ":"), ensure_ascii=False)
        write(spark.sparkContext, args.out, text + "\n")
    except ReplayError as error:
        print("error: %s" % error, file=sys.stderr)
        return 2
    finally:
        if existing is None:
            spark.stop()
    status, errors = verdict(summary)
    for line in errors:
        print(line, file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

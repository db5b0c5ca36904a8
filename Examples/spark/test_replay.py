#!/usr/bin/env python3
"""The Spark job and the CLI agree: the same logs, replayed by `haptic-policy eval` with
--jobs 1 and --jobs 2 and by replay.py on Spark in local-cluster mode (two executors, each
its own process and working directory, as on a cluster), give the same aggregate, number
for number, with the same log names. The job is given relative paths, as Docs/fleet.md
shows them, so it passes only if the driver resolves them and ships the binary and the
bundle (an executor's working directory holds neither). Run by scripts/test when
HAPTIC_POLICY_SPARK_TESTS=1 (after the Swift build); needs PySpark and Java
(scripts/setup installs them then).

    python3 Examples/spark/test_replay.py

HAPTIC_POLICY_CLI names the binary to ship (default .build/debug/haptic-policy; the
static one of scripts/build-static is shipped the same way). HAPTIC_POLICY_SPARK_MASTER
overrides the master (default local-cluster[2,1,1024]).
"""

import contextlib
import gzip
import io
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import replay  # noqa: E402

CLI = os.path.abspath(os.environ.get("HAPTIC_POLICY_CLI", os.path.join(ROOT, ".build", "debug", "haptic-policy")))
MASTER = os.environ.get("HAPTIC_POLICY_SPARK_MASTER", "local-cluster[2,1,1024]")
POLICY = os.path.join(ROOT, "Policies", "plavo.yaml")
SCENARIOS = ["drying", "flaky-sensor", "watering", "session", "selector-spin"]


def cli(*arguments, check=True, cwd=None):
    result = subprocess.run([CLI, *arguments], stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False, cwd=cwd)
    if check and result.returncode not in (0, 1):
        raise AssertionError("haptic-policy %s: exit %d\n%s" % (" ".join(arguments), result.returncode, result.stderr))
    return result


class TheJobReadsRecordsByNewlineOnly(unittest.TestCase):
    """A summary whose text holds U+2028, U+2029 or U+0085 (line ends to splitlines())
    is still one record: the job splits the CLI's output at "\n" only. Needs no Spark."""

    def test_a_summary_with_unicode_line_separators_is_one_record(self):
        folder = tempfile.mkdtemp(prefix="haptic-spark-lines-")
        self.addCleanup(shutil.rmtree, folder)
        fake = os.path.join(folder, "fake-cli")
        summary = {"worst": [{"log": "00000.jsonl", "screen": "a\u2028b\u2029c\u0085d"}], "badLogs": []}
        with open(fake, "w", encoding="utf-8") as out:
            out.write("#!/usr/bin/env python3\nimport sys\n")
            out.write("sys.stdout.buffer.write(%r)\n" % (json.dumps(summary, ensure_ascii=False) + "\n").encode())
        os.chmod(fake, 0o755)
        result = replay._evaluate(fake, "policy.yaml", folder, [("00000.jsonl", "field/log.jsonl")])
        self.assertEqual(result["worst"], [{"log": "field/log.jsonl", "screen": "a\u2028b\u2029c\u0085d"}])


class SparkAgreesWithTheCLI(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="haptic-spark-")
        cls.logs = os.path.join(cls.folder, "logs")
        os.makedirs(os.path.join(cls.logs, "gz"))
        cls.bundle = os.path.join(cls.folder, "plavo.bundle.json")
        cli("compile", POLICY, "-o", cls.bundle)
        for index in range(30):
            scenario = SCENARIOS[index % len(SCENARIOS)]
            log = cli("simulate", POLICY, "--scenario", scenario, "--seed", str(index + 1), "--duration", "90").stdout
            if index % 3 == 0:
                with gzip.open(os.path.join(cls.logs, "gz", "s%02d.jsonl.gz" % index), "wb") as file:
                    file.write(log)
            else:
                with open(os.path.join(cls.logs, "s%02d.jsonl" % index), "wb") as file:
                    file.write(log)
        # Bad logs among the good ones: a truncated .gz, a file that is not gzip, a line
        # that is not JSON. Each is named and counted; none stops the run.
        whole = gzip.compress(cli("simulate", POLICY, "--scenario", "drying", "--duration", "600").stdout)
        with open(os.path.join(cls.logs, "gz", "truncated.jsonl.gz"), "wb") as file:
            file.write(whole[: len(whole) // 2])
        with open(os.path.join(cls.logs, "gz", "not-gzip.jsonl.gz"), "wb") as file:
            file.write(b'{"t":0,"event":"screen.enter","screen":"camera"}\n')
        with open(os.path.join(cls.logs, "broken-line.jsonl"), "wb") as file:
            file.write(b'{"t":0,"event":"screen.enter","screen":"camera"}\n{"t":1,"event":\n')
        # Only bad logs, and no logs at all.
        os.makedirs(os.path.join(cls.folder, "all-bad"))
        shutil.copy(os.path.join(cls.logs, "gz", "not-gzip.jsonl.gz"), os.path.join(cls.folder, "all-bad"))
        os.makedirs(os.path.join(cls.folder, "empty"))
        with open(os.path.join(cls.folder, "empty", "notes.txt"), "w") as file:
            file.write("not a log\n")

        # The job runs in the folder and is given relative paths (the documented form).
        cls.cwd = os.getcwd()
        os.chdir(cls.folder)
        cls.relative_cli = os.path.relpath(CLI, cls.folder)

        from pyspark.sql import SparkSession

        cls.spark = (
            SparkSession.builder.master(MASTER).appName("haptic-policy-test")
            .config("spark.ui.showConsoleProgress", "false").config("spark.executor.memory", "512m")
            .getOrCreate()
        )
        cls.spark.sparkContext.setLogLevel("ERROR")

    @classmethod
    def tearDownClass(cls):
        cls.spark.stop()
        os.chdir(cls.cwd)
        shutil.rmtree(cls.folder, ignore_errors=True)

    def cli_summary(self, *logs, jobs=1):
        result = cli("eval", "plavo.bundle.json", *logs, "--format", "none", "--summary", "json", "--jobs", str(jobs),
                     cwd=self.folder)
        return result.stdout.decode().strip().splitlines()[-1]

    def run_job(self, logs, partitions=3, cli_path=None, policy="plavo.bundle.json"):
        return replay.run(self.spark.sparkContext, cli_path or self.relative_cli, policy, logs, partitions)

    def test_jobs_and_spark_give_the_same_aggregate(self):
        one = self.cli_summary("logs", jobs=1)
        two = self.cli_summary("logs", jobs=2)
        self.assertEqual(one, two, "--jobs 1 and --jobs 2 print byte-identical summaries")
        expected = json.loads(one)
        self.assertEqual(expected["sessions"], 31)
        self.assertEqual([bad["log"] for bad in expected["badLogs"]],
                         ["logs/gz/not-gzip.jsonl.gz", "logs/gz/truncated.jsonl.gz"])
        self.assertEqual(expected["sessionsWithInvalidLines"], 1)
        self.assertEqual(len(expected["worst"]), replay.WORST_LIMIT)
        # More partitions than executors and cores: every summary is merged on the
        # driver (main below runs with 2, the URI and glob runs too).
        self.assertEqual(self.run_job("logs", 7), expected, "Spark with 7 partitions")

    def test_the_executors_run_in_their_own_folders(self):
        # In local-cluster mode no executor shares the driver's working directory: the
        # relative paths above work only because they were resolved and shipped.
        if not MASTER.startswith("local-cluster"):
            self.skipTest("needs local-cluster mode")
        folders = set(self.spark.sparkContext.parallelize(range(8), 4).map(lambda _: os.getcwd()).collect())
        self.assertNotIn(self.folder, folders)
        self.assertNotIn(os.path.realpath(self.folder), folders)

    def test_uris_and_globs_are_named_as_the_cli_names_them(self):
        uri = "file://" + self.logs
        merged = self.run_job(uri, 2)
        expected = json.loads(self.cli_summary("logs"))
        rename = lambda entries: [dict(e, log=e["log"].replace("logs/", uri + "/", 1)) for e in entries]  # noqa: E731
        expected["worst"], expected["badLogs"] = rename(expected["worst"]), rename(expected["badLogs"])
        self.assertEqual(merged, expected)
        # A quoted glob: the CLI expands it itself, the job through Hadoop's globStatus.
        self.assertEqual(self.run_job("logs/gz/*.gz", 2), json.loads(self.cli_summary("logs/gz/*.gz")))

    def test_missing_or_empty_log_locations_fail_naming_the_path(self):
        for location, words in [("nowhere", "no such file or directory"),
                                ("empty", "no *.jsonl or *.jsonl.gz files"),
                                ("logs/*.nothing", "the pattern matches no file")]:
            with self.assertRaises(replay.ReplayError) as raised:
                self.run_job(location)
            self.assertIn(location + ": " + words, str(raised.exception))
            self.assertIn("file://" + self.folder, str(raised.exception), "it says where it looked")
        with self.assertRaises(replay.ReplayError) as raised:
            self.run_job("logs", policy="missing.bundle.json")
        self.assertIn("--policy missing.bundle.json: no such file", str(raised.exception))
        with self.assertRaises(replay.ReplayError) as raised:
            self.run_job("logs", policy=POLICY)
        self.assertIn("compile it first", str(raised.exception))

    def test_main_writes_the_summary_and_fails_on_bad_logs(self):
        # main uses the running session (and leaves it running, as in a Databricks job).
        arguments = ["--cli", self.relative_cli, "--policy", "plavo.bundle.json", "--partitions", "2"]
        errors = io.StringIO()
        with contextlib.redirect_stderr(errors):
            status = replay.main(arguments + ["--logs", "logs", "--out", "summary.json"])
        self.assertEqual(status, 1, "bad logs and invalid lines fail the run, as they do the CLI's")
        with open("summary.json", encoding="utf-8") as file:
            self.assertEqual(json.loads(file.read()), json.loads(self.cli_summary("logs")))
        self.assertIn("error: logs/gz/truncated.jsonl.gz: ", errors.getvalue())
        self.assertIn("error: 2 of 33 logs could not be read to their end", errors.getvalue())

        errors = io.StringIO()
        with contextlib.redirect_stderr(errors):
            status = replay.main(arguments + ["--logs", "all-bad", "--out", "all-bad.json"])
        self.assertEqual(status, 1)
        self.assertIn("every one of the 1 logs was bad", errors.getvalue())

        errors = io.StringIO()
        with contextlib.redirect_stderr(errors):
            status = replay.main(arguments + ["--logs", "sessions", "--out", "none.json"])
        self.assertEqual(status, 2)
        self.assertIn("error: sessions: no such file or directory", errors.getvalue())
        self.assertFalse(os.path.exists("none.json"))

    def test_the_python_merge_rule_is_the_swift_one(self):
        # Summaries of random splits, merged by replay.merge and by `haptic-policy merge`,
        # equal the summary of the whole.
        names = [name for _, name in replay.list_logs(self.spark.sparkContext, "logs")]
        self.assertEqual(len(names), 33)
        whole = json.loads(self.cli_summary("logs"))
        rng = random.Random(7)
        for _ in range(3):
            shuffled = names[:]
            rng.shuffle(shuffled)
            cut = rng.randrange(1, len(names))
            parts = [self.cli_summary(*part) for part in (shuffled[:cut], shuffled[cut:])]
            self.assertEqual(replay.merge(json.loads(parts[1]), json.loads(parts[0])), whole)
            paths = []
            for index, text in enumerate(parts):
                path = os.path.join(self.folder, "part-%d.json" % index)
                with open(path, "w") as file:
                    file.write(text + "\n")
                paths.append(path)
            merged = cli("merge", *paths).stdout.decode().strip()
            self.assertEqual(json.loads(merged), whole)
        self.assertEqual(replay.merge(replay.empty(), whole), whole)

    def test_the_python_merge_has_the_swift_count_limit(self):
        # Two summaries whose counts are each below the limit but whose sum reaches it:
        # both merges refuse, with the same message.
        whole = json.loads(self.cli_summary("logs"))
        for count, edit in [("lines", lambda s: s.update(lines=replay.COUNT_LIMIT // 2)),
                            ("screens.camera.rings",
                             lambda s: s["screens"]["camera"].update(rings=replay.COUNT_LIMIT // 2)),
                            ("feedback.pulse", lambda s: s["feedback"].update(pulse=replay.COUNT_LIMIT // 2))]:
            big = json.loads(json.dumps(whole))
            edit(big)
            with open("big.json", "w") as file:
                file.write(json.dumps(big) + "\n")
            swift = cli("merge", "big.json", "big.json")
            self.assertEqual(swift.returncode, 1)
            with self.assertRaises(replay.Overflow) as raised:
                replay.merge(big, big)
            self.assertEqual(raised.exception.count, count)
            self.assertIn(str(raised.exception), swift.stderr.decode())
        # Just below it is fine on both sides.
        below = json.loads(json.dumps(whole))
        below["lines"] = replay.COUNT_LIMIT - 1 - whole["lines"]
        self.assertEqual(replay.merge(below, whole)["lines"], replay.COUNT_LIMIT - 1)


if __name__ == "__main__":
    unittest.main(verbosity=2)

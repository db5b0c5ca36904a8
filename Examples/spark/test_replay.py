#!/usr/bin/env python3
"""The Spark job and the CLI agree: the same logs, replayed by `haptic-policy eval` with
--jobs 1 and --jobs 2 and by replay.py on Spark in local mode, give the same aggregate,
number for number. Run by scripts/test when HAPTIC_POLICY_SPARK_TESTS=1 (after the Swift
build); needs PySpark and Java (scripts/setup installs them then).

    python3 Examples/spark/test_replay.py
"""

import gzip
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

CLI = os.environ.get("HAPTIC_POLICY_CLI", os.path.join(ROOT, ".build", "debug", "haptic-policy"))
POLICY = os.path.join(ROOT, "Policies", "plavo.yaml")
SCENARIOS = ["drying", "flaky-sensor", "watering", "session", "selector-spin"]


def cli(*arguments, check=True):
    result = subprocess.run([CLI, *arguments], stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
    if check and result.returncode not in (0, 1):
        raise AssertionError("haptic-policy %s: exit %d\n%s" % (" ".join(arguments), result.returncode, result.stderr))
    return result


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

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.folder, ignore_errors=True)

    def cli_summary(self, jobs):
        result = cli("eval", self.bundle, self.logs, "--format", "none", "--summary", "json", "--jobs", str(jobs))
        self.assertEqual(result.returncode, 1, "bad logs make the run exit 1")
        return result.stdout.decode().strip().splitlines()[-1]

    def test_jobs_and_spark_give_the_same_aggregate(self):
        one = self.cli_summary(1)
        two = self.cli_summary(2)
        self.assertEqual(one, two, "--jobs 1 and --jobs 2 print byte-identical summaries")
        expected = json.loads(one)
        self.assertEqual(expected["sessions"], 31)
        self.assertEqual([bad["log"] for bad in expected["badLogs"]],
                         [self.logs + "/gz/not-gzip.jsonl.gz", self.logs + "/gz/truncated.jsonl.gz"])
        self.assertEqual(expected["sessionsWithInvalidLines"], 1)

        from pyspark.sql import SparkSession

        spark = (
            SparkSession.builder.master("local[2]").appName("haptic-policy-test")
            .config("spark.ui.showConsoleProgress", "false").getOrCreate()
        )
        spark.sparkContext.setLogLevel("ERROR")
        try:
            for partitions in (1, 3, 7):
                merged = replay.run(spark.sparkContext, CLI, self.bundle, self.logs, partitions)
                self.assertEqual(merged, expected, "Spark with %d partitions" % partitions)
        finally:
            spark.stop()

    def test_the_python_merge_rule_is_the_swift_one(self):
        # Summaries of random splits, merged by replay.merge and by `haptic-policy merge`,
        # equal the summary of the whole.
        names = replay.log_names(self.logs)
        self.assertEqual(len(names), 33)
        whole = json.loads(self.cli_summary(1))
        rng = random.Random(7)
        for _ in range(3):
            shuffled = names[:]
            rng.shuffle(shuffled)
            cut = rng.randrange(1, len(names))
            parts = []
            for part in (shuffled[:cut], shuffled[cut:]):
                result = cli("eval", self.bundle, *part, "--format", "none", "--summary", "json", "--jobs", "1")
                parts.append(result.stdout.decode().strip().splitlines()[-1])
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


if __name__ == "__main__":
    unittest.main(verbosity=2)

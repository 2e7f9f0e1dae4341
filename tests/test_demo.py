"""`miner demo` end to end: the bundled sample archive imported into a fresh database and both reports of
its two-version series printed, with what changed between the versions and nothing said twice."""

from __future__ import annotations

import subprocess
import sys

import pytest

from conftest import REPO


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> str:
    db_path = tmp_path_factory.mktemp("demo") / "listminer-demo.db"
    done = subprocess.run([sys.executable, "-m", "miner", "demo", "--db", str(db_path)], capture_output=True,
                          text=True, cwd=REPO, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _section(text: str, start: str, end: str) -> str:
    begin = text.index(start)
    return text[begin:text.index(end, begin)]


def test_demo_prints_between_versions_for_its_two_version_series(demo):
    evidence = _section(demo, "Evidence: sched/fair: batch wakeups of idle siblings", "# Reviewer checklist")
    between = _section(evidence, "Between versions", "Claims")
    assert "schbench p99 wakeup latency: measured for v1, no numbers for any later version" in between
    assert "hackbench: new in v2: 1: 0.412 → 0.398 (-3.40%); 4: 1.108 → 1.041 (-6.05%)" in between
    checklist = _section(demo, "# Reviewer checklist: sched/fair", "-----")
    assert ('- [ ] open since v1: Bruno Reviewer asked (regression): "Please also check whether it causes a '
            'regression for workloads that do not wake siblings at all."; no later message answers it') in checklist
    assert "## 4. Between versions\n\n- one version: nothing to compare" in demo  # the xen-devel patch


def test_demo_robot_report_is_one_table_named_once_with_points_for_percentages(demo):
    assert "? → ?" not in demo and "(-8.10%)" in demo
    assert "will-it-scale will-it-scale.per_thread_ops" not in demo
    assert "mpstat.cpu.all.sys%: 21.50" in demo and "(+4.20 pts)" in demo and "+19.53%" not in demo
    assert demo.count("  will-it-scale.per_thread_ops, mpstat.cpu.all.sys%; machine/config stated") == 1


def test_demo_numbers_are_as_printed(demo):
    assert "2.230 → 2.105" in demo and "2.23 →" not in demo

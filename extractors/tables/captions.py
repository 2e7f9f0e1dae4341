"""What the caption over a grid names, when several grids stand one under another: a metric ("tps",
"Package power (watts):"), steps of a script, repetitions of one run, workloads, the points of a load
sweep, or a sentence. Grids so captioned are not one grid per configuration (`extractors.tables.siblings`).
"""

from __future__ import annotations

import re
from collections import Counter

from extractors.tables.pairing import column_kind
from extractors.vocab.configurations import REPEAT_NUMBER_RE, SWITCH_OFF_VALUES, SWITCH_ON_VALUES
from extractors.vocab.metrics import PARAMETER_RE, WORKLOAD_RE
from extractors.vocab.units import lookup_unit

# The number that ends a name ("nullb0", "/dev/sda1") or a part of one ("cr0_stats"), not a value ("512",
# "64K") nor a version ("v2", "6.1-rc3").
_INSTANCE_NUMBER_RE = re.compile(r"(?<=[A-Za-z])\d+(?:\b|(?=_))")
_VERSION_RE = re.compile(r"(?:\bv|-rc)\d+\b", re.I)
_INDEX_RE = re.compile(r"(?<![\w.])\d{1,3}(?![\w.])")  # a number standing alone in a caption
# A count in a caption, in digits or a word ("4 threads", "two ext4 files", "Q-Depth 16").
_COUNT_RE = re.compile(r"\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve|sixteen)\b", re.I)
# Words a caption that names its run's side has at most ("Without the fix:", "+ Enabled", "BASE").
MAX_NAME_WORDS = 5
_BRACKETED_UNIT_RE = re.compile(r"\([^()\s]+\)")  # "(watts)", "(MB/s)"


def places_apart(words: list[list[str]]) -> list[int] | None:
    """Where lists of words of one length differ (the places whose word is not the same in all), or None
    when their lengths differ: captions, or commands, that are one line but for a few words."""
    if len({len(w) for w in words}) != 1:
        return None
    return [i for i in range(len(words[0])) if len({w[i] for w in words}) > 1]


def names_a_quantity(caption: str) -> bool:
    """Whether a caption names what its grid measures: one word ("tps", "cpu", "IOPS:") or a phrase
    ending in its unit in brackets ("Average package power (watts):", "Run time (minutes)"). Grids so
    captioned are the same runs' metrics printed apart, not one grid per configuration."""
    words = caption.strip().rstrip(":").split()
    if len(words) > 1 and _BRACKETED_UNIT_RE.fullmatch(words[-1]):
        return lookup_unit(words[-1][1:-1]) is not None
    return len(words) == 1 and column_kind(words[0]) in ("metric", "identifier")


def files_apart(captions: list[str]) -> bool:
    """Whether captions differ only in the files they name ("Remove /mnt/test/a.junk..." / "Remove
    /tmp/a.tmp..."): the steps of a script, each run on another file, not setups to compare."""
    words = [caption.split() for caption in captions]
    differing = {w for ws in words for w in ws if not all(w in other for other in words)}
    return bool(differing) and all("/" in w for w in differing)


# A caption that is one field of a record, as a listing prints it: "Flags/Description: CEDE", "Name: sda";
# a field measured in a unit ("Package power: ~13 watts") is a reading the row above a run printed.
_QUANTITY_RE = re.compile(r"\d\s*(?P<unit>[A-Za-z\u00b5][\w/]*)")
_FIELD_RE = re.compile(r"^\s*(?P<key>[A-Za-z][\w/ .-]{0,30}):\s+(?P<value>\S.*?)\s*$")


def records_apart(captions: list[str]) -> bool:
    """Whether captions are one field of records, the same key with a value of each ("Flags/Description:
    snooze" / "Flags/Description: CEDE", as cpupower prints its idle states): the records of one listing,
    instances of one thing, not setups a text compares."""
    fields = [_FIELD_RE.match(caption) for caption in captions]
    return len(fields) >= 2 and all(fields) and len({f["key"].strip().lower() for f in fields}) == 1 and \
        not any(lookup_unit(q["unit"]) is not None for f in fields for q in _QUANTITY_RE.finditer(f["value"]))


def one_setup(captions: list[str | None]) -> bool:
    """Whether captions name one setup: they differ only in the number of a repetition ("*** round 1
    ***" / "*** round 2 ***"), in an index counted from 0 or 1 ("backup 0:" / "backup 1:"), or (three in four
    of them) in the number ending a name ("nullb0" / "nullb1", "cpu0" / "cpu3"), instances of one thing.
    Neither is a baseline for another; a setting's values ("512 Rx buffers" / "1024 Rx buffers") and
    versions ("v1" / "v2") are setups."""
    if not all(captions):
        return False
    numbered = {REPEAT_NUMBER_RE.sub("#", c) for c in captions if REPEAT_NUMBER_RE.search(c)}
    if len(numbered) == 1 and all(REPEAT_NUMBER_RE.search(c) for c in captions):
        return True
    # one name at indexes counted from 0 ("backup 0:" / "backup 1:"), as a program numbers its instances, or
    # the items of a list counted from 1 ("Pattern 1:" / "Pattern 2:")
    indexes = [_INDEX_RE.findall(c) for c in captions]
    if all(len(found) == 1 for found in indexes) and len({_INDEX_RE.sub("#", c) for c in captions}) == 1 and (
            ["0"] in indexes or sorted(int(found[0]) for found in indexes) == list(range(1, len(captions) + 1))):
        return True
    # most captions one name at other instance numbers: a log of runs, one per device, whatever the odd
    # caption among them ("write-and-verify" amid "--filename=/mnt/loop1" ... "loop9")
    forms = Counter(_INSTANCE_NUMBER_RE.sub("#", c) for c in captions if not _VERSION_RE.search(c))
    form, count = forms.most_common(1)[0] if forms else ("", 0)
    members = {c for c in captions if _INSTANCE_NUMBER_RE.sub("#", c) == form}
    return len(members) > 1 and count * 4 >= len(captions) * 3


def is_sentence(caption: str) -> bool:
    """Whether a caption is a sentence ("Frequent lock overheads, not sure we can improve them."): a
    remark about the rows above or below it, which names no setup."""
    return caption.rstrip().endswith(".") and len(caption.split()) > MAX_NAME_WORDS


def workloads_apart(captions: list[str | None]) -> bool:
    """Whether captions differ only in the workload they name ("Sequential read" / "Sequential write"):
    one setup measured under two loads, neither the baseline of the other."""
    if not all(captions) or not all(WORKLOAD_RE.search(c) for c in captions):
        return False
    rest = {" ".join(WORKLOAD_RE.sub(" ", c).lower().split()) for c in captions}
    return len(rest) == 1 and len({c.lower() for c in captions}) > 1


def load_points(captions: list[str | None]) -> bool:
    """Whether captions differ only in a count of a load parameter ("one ext4 file:" / "two ext4
    files:", "Q-Depth 1" / "Q-Depth 16", "4 threads" / "16 threads"): the points of a sweep of the
    load, each measured alike, none the baseline of another. A count of anything else ("512 Rx buffers"
    / "1024 Rx buffers", "uring_comp: 0" / "uring_comp: 1") is a setting tuned: two setups."""
    if len(captions) < 2 or not all(captions) or len(set(captions)) == 1:
        return False
    words = [[w.rstrip("s") for w in re.findall(r"[a-z0-9]+", c.lower())] for c in captions]
    shortest = min(len(w) for w in words)
    if shortest < 2:
        return False
    # read from the end: a caption may carry a remark from the line above ("(latency in ns) Q-Depth 1:")
    words = [w[-shortest:] for w in words]
    differing = places_apart(words)
    if len(differing) != 1 or not all(_COUNT_RE.fullmatch(w[differing[0]]) for w in words):
        return False
    i = differing[0]
    neighbours = words[0][max(0, i - 1):i] + words[0][i + 1:i + 3]  # "Q-Depth 16", "two ext4 files"
    return any(PARAMETER_RE.match(word) or PARAMETER_RE.match(f"{word}s") for word in neighbours)


def measures_apart(captions: list[str | None]) -> bool:
    """Whether captions differ only in one word, a unit in one of them ("rate packet stats:" / "rate
    byte stats:", "in ops" / "in bytes"): what each grid counts, the same runs counted two ways, not setups."""
    if len(captions) < 2 or not all(captions):
        return False
    words = [c.lower().split() for c in captions]
    differing = places_apart(words)
    apart = [w[differing[0]].strip(":,()") for w in words] if differing is not None and len(differing) == 1 else []
    # a unit spelled out as a word: "w" alone is the short "with" as often as watts
    return any(len(word) > 2 and word.isalpha() and lookup_unit(word) is not None for word in apart)


# A setting and its value in a caption: "parent=0", "thp: off", "if=/dev/md0".
_SETTING_RE = re.compile(r"^(?P<name>[\w.-]+)\s*[=:]\s*(?P<value>[\w./+-]+),?$")


def settings_apart(captions: list[str | None]) -> list[list[str]] | None:
    """The settings the captions differ in, as each prints them, one list per place they differ, when
    they differ in nothing else ("ftype=1, parent=0" / "ftype=1, parent=1": [["parent=0", "parent=1"]];
    "dd ... bs=1M count=128" / "dd ... bs=4M count=256": two places): they name the runs."""
    if len(captions) < 2 or not all(captions):
        return None
    words = [re.sub(r"\s*([=:])\s*", r"\1", c).split() for c in captions]
    differing = places_apart(words)
    if not differing:
        return None
    apart = []
    for place in differing:
        settings = [_SETTING_RE.match(w[place]) for w in words]
        if not all(settings) or len({m.group("name") for m in settings}) != 1:
            return None
        apart.append([m.group().rstrip(",") for m in settings])
    return apart


def switched_off(settings: list[str]) -> int | None:
    """Which of the runs switches the feature off, when one does and the others switch it on."""
    values = [_SETTING_RE.match(s).group("value").lower() for s in settings]
    off = [i for i, v in enumerate(values) if v in SWITCH_OFF_VALUES]
    return off[0] if len(off) == 1 and all(v in SWITCH_ON_VALUES for i, v in enumerate(values) if i != off[0]) else None

"""parse_subject on the subject shapes LKML and xen-devel use (written for these tests, in the real shapes)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from extractors import subjects
from extractors.subjects import normalize_title, parse_subject

# (subject, (is_patch, prefix, version, version_stated, index, total, title, is_reply))
SUBJECTS = [
    ("[PATCH v2 3/7] mm: add a counter", (True, "PATCH", 2, True, 3, 7, "mm: add a counter", False)),
    ("[PATCH] mm: add a counter", (True, "PATCH", 1, False, None, None, "mm: add a counter", False)),
    ("[PATCH 0/4] sched: faster wakeups", (True, "PATCH", 1, False, 0, 4, "sched: faster wakeups", False)),
    ("[RFC PATCH 0/3] x86: lazy tlb", (True, "RFC PATCH", 1, False, 0, 3, "x86: lazy tlb", False)),
    ("[PATCH RFC 2/3] x86: lazy tlb", (True, "PATCH RFC", 1, False, 2, 3, "x86: lazy tlb", False)),
    ("[RFC] block: pick a queue", (True, "RFC", 1, False, None, None, "block: pick a queue", False)),
    ("[PATCH-tip 00/22] locking/rwsem: rework", (True, "PATCH-tip", 1, False, 0, 22, "locking/rwsem: rework", False)),
    ("[PATCH net-next v4 1/2] net: batch tx", (True, "PATCH net-next", 4, True, 1, 2, "net: batch tx", False)),
    ("[PATCH v4 net-next 1/2] net: batch tx", (True, "PATCH net-next", 4, True, 1, 2, "net: batch tx", False)),
    ("[PATCH bpf-next v3 02/10] bpf: inline helper",
     (True, "PATCH bpf-next", 3, True, 2, 10, "bpf: inline helper", False)),
    ("[PATCH RESEND] fs: drop a lock", (True, "PATCH RESEND", 1, False, None, None, "fs: drop a lock", False)),
    ("[RESEND PATCH v2] fs: drop a lock", (True, "RESEND PATCH", 2, True, None, None, "fs: drop a lock", False)),
    ("[PATCH v2 RESEND 1/2] fs: drop a lock", (True, "PATCH RESEND", 2, True, 1, 2, "fs: drop a lock", False)),
    ("[PATCH 5.10 012/345] ext4: fix a race", (True, "PATCH 5.10", 1, False, 12, 345, "ext4: fix a race", False)),
    ("[PATCH 6.1 001/200] mm: fix a leak", (True, "PATCH 6.1", 1, False, 1, 200, "mm: fix a leak", False)),
    ("[Xen-devel] [PATCH v3 1/4] x86/hvm: cache a value",
     (True, "PATCH", 3, True, 1, 4, "x86/hvm: cache a value", False)),
    ("Re: [Xen-devel] [PATCH v3 1/4] x86/hvm: cache a value",
     (True, "PATCH", 3, True, 1, 4, "x86/hvm: cache a value", True)),
    ("[Xen-devel] Re: [PATCH] xen: faster grants", (True, "PATCH", 1, False, None, None, "xen: faster grants", True)),
    ("Re: [Xen-arm-devel]GIC virtualization discussion",
     (False, None, None, False, None, None, "GIC virtualization discussion", True)),
    ("[Xen-devel] xenstored slow with many domains",
     (False, None, None, False, None, None, "xenstored slow with many domains", False)),
    ("Re: [PATCH 0/6] x86: reduce lock overhead", (True, "PATCH", 1, False, 0, 6, "x86: reduce lock overhead", True)),
    ("RE: [PATCH v1 0/3] Enable a feature", (True, "PATCH", 1, True, 0, 3, "Enable a feature", True)),
    ("re: [patch 1/3] mm: tidy up", (True, "patch", 1, False, 1, 3, "mm: tidy up", True)),
    ("AW: [PATCH] s390: spin less", (True, "PATCH", 1, False, None, None, "s390: spin less", True)),
    ("Aw: Re: AW: [PATCH] s390: spin less", (True, "PATCH", 1, False, None, None, "s390: spin less", True)),
    ("Fwd: [PATCH] kvm: yield on pause", (True, "PATCH", 1, False, None, None, "kvm: yield on pause", True)),
    ("FW: [PATCH] kvm: yield on pause", (True, "PATCH", 1, False, None, None, "kvm: yield on pause", True)),
    ("Re: Re: Re: [PATCH v5 2/2] kvm: yield on pause",
     (True, "PATCH", 5, True, 2, 2, "kvm: yield on pause", True)),
    ("Re[2]: [PATCH] kvm: yield on pause", (True, "PATCH", 1, False, None, None, "kvm: yield on pause", True)),
    ("SV: [PATCH] net: fix stats", (True, "PATCH", 1, False, None, None, "net: fix stats", True)),
    ("回复: [PATCH] net: fix stats", (True, "PATCH", 1, False, None, None, "net: fix stats", True)),
    ("RE : [PATCH] net: fix stats", (True, "PATCH", 1, False, None, None, "net: fix stats", True)),
    ("[PATCHv2 1/3] md: merge bios", (True, "PATCH", 2, True, 1, 3, "md: merge bios", False)),
    ("[PATCH-v3] md: merge bios", (True, "PATCH", 3, True, None, None, "md: merge bios", False)),
    ("[PATCH V3 1/2] md: merge bios", (True, "PATCH", 3, True, 1, 2, "md: merge bios", False)),
    ("[PATCH 1/2 v2] md: merge bios", (True, "PATCH", 2, True, 1, 2, "md: merge bios", False)),
    ("[PATCH 0/6 v2] md: merge bios", (True, "PATCH", 2, True, 0, 6, "md: merge bios", False)),
    ("[RFC][PATCH 1/3] sched: new knob", (True, "RFC PATCH", 1, False, 1, 3, "sched: new knob", False)),
    ("[RFC][PATCH v2 0/3] sched: new knob", (True, "RFC PATCH", 2, True, 0, 3, "sched: new knob", False)),
    ("[PATCH] [v2] sched: new knob", (True, "PATCH", 2, True, None, None, "sched: new knob", False)),
    ("[v2] [PATCH] sched: new knob", (True, "PATCH", 2, True, None, None, "sched: new knob", False)),
    ("[PATCH] [media] dvb: count frames", (True, "PATCH", 1, False, None, None, "[media] dvb: count frames", False)),
    ("[PATCH v1 resend cold_path 00/12] fs: cold data tracking",
     (True, "PATCH resend cold_path", 1, True, 0, 12, "fs: cold data tracking", False)),
    ("[XEN PATCH v2 1/2] tools: speed up", (True, "XEN PATCH", 2, True, 1, 2, "tools: speed up", False)),
    ("[PATCH for-4.14 v2] x86: fix a hang", (True, "PATCH for-4.14", 2, True, None, None, "x86: fix a hang", False)),
    ("[PATCH -next] mm: fix build", (True, "PATCH -next", 1, False, None, None, "mm: fix build", False)),
    ("[RFT PATCH] cpufreq: tune", (True, "RFT PATCH", 1, False, None, None, "cpufreq: tune", False)),
    ("[PATCHSET v2] cgroup: rework attach", (True, "PATCHSET", 2, True, None, None, "cgroup: rework attach", False)),
    ("RE: [EXT] Re: [PATCH v4 2/5] net: tune", (True, "PATCH", 4, True, 2, 5, "net: tune", True)),
    ("[PATCH 2.6.32-stable 1/3] tcp: fix a stall",
     (True, "PATCH 2.6.32-stable", 1, False, 1, 3, "tcp: fix a stall", False)),
    ("[GIT PULL] sched updates for 6.1", (False, None, None, False, None, None, "sched updates for 6.1", False)),
    ("[tip: locking/core] locking/rwsem: spin less",
     (False, None, None, False, None, None, "locking/rwsem: spin less", False)),
    ("[linus:master] [pipe] 1a2b3c4d5e: stress-ng.pipe.ops_per_sec 12.0% improvement",
     (False, None, None, False, None, None, "1a2b3c4d5e: stress-ng.pipe.ops_per_sec 12.0% improvement", False)),
    ("[PATCH 1/2] Re: mm: keep going", (True, "PATCH", 1, False, 1, 2, "mm: keep going", True)),
    ("[PATCH v2.1 4/7] mm: respin", (True, "PATCH", 2, True, 4, 7, "mm: respin", False)),
    ("Re: [PATCH v2] sched: new knob (was: [RFC] sched: knob)",
     (True, "PATCH", 2, True, None, None, "sched: new knob (was: [RFC] sched: knob)", True)),
    ("  [PATCH   v2   1/3]   mm:   spaces  ", (True, "PATCH", 2, True, 1, 3, "mm: spaces", False)),
    ("", (False, None, None, False, None, None, "", False)),
    ("[", (False, None, None, False, None, None, "[", False)),
    ("[PATCH", (False, None, None, False, None, None, "[PATCH", False)),
    ("TR: [PATCH] net: fix stats", (True, "PATCH", 1, False, None, None, "net: fix stats", True)),
    ("[PATCH] tr: after the patch bracket only re/aw/fwd are markers",
     (True, "PATCH", 1, False, None, None, "tr: after the patch bracket only re/aw/fwd are markers", False)),
]


@pytest.mark.parametrize("subject, expected", SUBJECTS, ids=[s[0][:40] or "empty" for s in SUBJECTS])
def test_parse_subject(subject, expected):
    parsed = parse_subject(subject)
    assert (parsed.is_patch, parsed.prefix, parsed.version, parsed.version_stated, parsed.index, parsed.total,
            parsed.title, parsed.is_reply) == expected


@pytest.mark.parametrize("subject, is_rfc, is_resend", [
    ("[RFC PATCH 0/3] x", True, False),
    ("[RFC][PATCH] x", True, False),
    ("[PATCH RESEND v2] x", False, True),
    ("[PATCH] [RESEND] x", False, True),
    ("[PATCH v2] x", False, False),
])
def test_rfc_and_resend_flags(subject, is_rfc, is_resend):
    parsed = parse_subject(subject)
    assert (parsed.is_rfc, parsed.is_resend) == (is_rfc, is_resend)


def test_prefixes_keep_every_bracket_as_written():
    assert parse_subject("Re: [Xen-devel] [PATCH v2 1/3] x").prefixes == ("Xen-devel", "PATCH v2 1/3")


@pytest.mark.parametrize("a, b", [
    ("Enable PV spinlocks for KVM guests", "enable pv  spinlocks for kvm guests"),
    ("sched: new knob.", "sched: new knob"),
    ("sched: new knob (was: old knob)", "sched: new knob"),
])
def test_normalize_title_joins_spellings(a, b):
    assert normalize_title(a) == normalize_title(b)


@pytest.mark.parametrize("a, b", [
    ("sched: new knob", "sched: old knob"),
    ("mm: v2 of something", "mm: v3 of something"),
])
def test_normalize_title_keeps_different_titles_apart(a, b):
    assert normalize_title(a) != normalize_title(b)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("[]():/ vV0123PATCHRFCre\u56de\u590d\t")) | st.characters(), max_size=80))
def test_parse_subject_never_raises(text):
    parsed = parse_subject(text)
    assert isinstance(parsed.title, str)
    assert parsed.is_patch or (parsed.version, parsed.index, parsed.prefix) == (None, None, None)


_PIECES = ["Re: ", "RE: ", "Fwd: ", "[PATCH] ", "[PATCH v2] ", "[PATCH v12 3/7] ", "[PATCH 1/2] ", "[RFC] ",
           "[PATCH v0 1/1] ", "[media] ", "[Xen-devel] ", "[v3] ", "re: ", "AW: ", "mm: ", "fix ", "foo",
           "[1/2] ", "Re[2]: ", "(was: Re: [PATCH] x)", " ", "  ", "]", "[", "v2", "x/y "]


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=6))
def test_the_common_form_reads_as_the_general_loop_reads_it(pieces):
    subject = "".join(pieces)
    rest = " ".join(subject.split())
    assert parse_subject(subject) == subjects._read_subject(rest)

"""The prose pipeline: the mail tokenizer's quantities, sentences and their offsets, the pattern finder
(checked against spaCy's own Matcher), and that importing the finders does not import spaCy."""

from __future__ import annotations

import subprocess
import sys

import pytest

from extractors.prose.pipeline import admits, cue_matcher, find_sentences, nlp
from extractors.prose.units import find_prose_units
from extractors.vocab.performance import STRONG_SUBJECTS
from extractors.vocab.comparisons import BAD_NOUNS, BAD_VERBS, GOOD_NOUNS, GOOD_VERBS, JUDGING_COMPARATIVES
from extractors.vocab.requests import DOUBT_WORDS


def quantities(text):
    doc = nlp()(text)
    values = doc.user_data["values"]
    return [(doc[i].text, values[i].value, values[i].unit) for i in sorted(values)]


@pytest.mark.parametrize(("text", "expected"), [
    ("went from 12.3 ms to 9 ms", [("12.3 ms", 12.3, "ms"), ("9 ms", 9.0, "ms")]),
    ("~40K/s -> ~200K/s", [("~40K/s", 40000.0, "/s"), ("~200K/s", 200000.0, "/s")]),
    ("1,200MB/s vs 1,500MB/s", [("1,200MB/s", 1200.0, "MB/s"), ("1,500MB/s", 1500.0, "MB/s")]),
    ("took 861.5 +/- 3.3 s", [("861.5 +/- 3.3 s", 861.5, "s")]),
    ("gained 9.1% +/- 3.2%", [("9.1% +/- 3.2%", 9.1, "%")]),
    ("a 2.5x speedup", [("2.5x", 2.5, "x")]),
    ("between ~2.2K-8.7K cycles", [("~2.2K-8.7K cycles", 5450.0, "cycles")]),
    ("hit 2.5M ops/s", [("2.5M ops/s", 2.5e6, "ops/s")]),
    ("real 4m35.973s", [("4m35.973s", 275.973, "s")]),
    ("scores 1234, 1300 and 1400", [("1234", 1234.0, None), ("1300", 1300.0, None), ("1400", 1400.0, None)]),
    # an "x" between two numbers multiplies counts: no multiple of anything
    ("a box with 2 x 16 cores", [("2", 2.0, None), ("16", 16.0, None)]),
    ("it is 3 x faster", [("3 x", 3.0, "x")]),
    # not quantities: versions, identifiers, hex, dates
    ("v5.10 on x86-64 at 0x1f", []),
])
def test_tokenizer_reads_quantities(text, expected):
    assert quantities(text) == expected


def test_tokenizer_keeps_offsets_exact():
    text = "Two  spaces,\ta tab, e.g. this, and Xen-PV. Next one."
    doc = nlp()(text)
    assert doc.text == text
    assert [s.text for s in doc.sents] == ["Two  spaces,\ta tab, e.g. this, and Xen-PV.", "Next one."]


def test_sentences_are_unwrapped_and_mapped_back_to_the_block():
    text = "Intro line here.\n\nThe latency is much\nlower now. Is it faster\nthan before?\n"
    found = find_sentences(text)
    assert [s.text for s in found] == ["The latency is much lower now.", "Is it faster than before?"]
    assert [text[s.start:s.end] for s in found] == ["The latency is much\nlower now.", "Is it faster\nthan before?"]


def test_sentences_without_any_cue_are_not_parsed():
    assert find_sentences("Thanks, applied to the tree.\n\nRegards,\nJoe\n") == ()


SENTENCES = [
    "Could you please share some numbers for the fast path?",
    "It would be good to see whether the regression tests still pass.",
    "The throughput went from ~40K/s to ~200K/s, which is a 5x speedup.",
    "Dropping the lock reduces the wakeup latency by about 8%, and it is within noise otherwise.",
    "I'd definitely suggest measuring it on a real workload; did you try perf top?",
    "We saw 44 ms and 52 ms with and without the fix, respectively.",
    "No measurable difference in throughput, and the numbers look the same as before.",
]


@pytest.mark.parametrize("text", SENTENCES)
def test_pattern_finder_matches_what_spacy_matcher_matches(text):
    from spacy.matcher import Matcher

    from extractors.prose.cues import CUE_PATTERNS
    from extractors.prose.grammar import COMPARISON_PATTERNS

    matcher = Matcher(nlp().vocab, validate=True)
    for table in (CUE_PATTERNS, COMPARISON_PATTERNS):
        for label, patterns in table.items():
            matcher.add(label, patterns)
    doc = nlp()(text)
    expected = {(nlp().vocab.strings[key], start, end) for key, start, end in matcher(doc)}
    tokens = [(token.lower_, token.ent_type_, token.is_punct) for token in doc]
    assert set(cue_matcher()(tokens)) == expected


@pytest.mark.parametrize("text", SENTENCES + [
    "Two  spaces,\ta tab, e.g. this, and Xen-PV.\nNext one.",
    "IS IT FASTER?! Yes... (mostly) [see below] {x} --> => \u00b13% \u2014 \u201cquoted\u201d",
    "\u00dcber die Latenz: 5\u00b5s \u2192 3\u00b5s, na\u00efve \u00c5\u00c6 fix\u2019s gain ~2.2K-8.7K cycles.",
])
def test_the_sentence_parse_reads_what_a_doc_of_the_text_holds(text):
    """The sentence parse builds no Doc: the tokens it reads (words, spaces, sentence starts, lower case,
    punctuation) must be those of the Doc the pipeline makes of the same text."""
    from extractors.prose.pipeline import _lexical
    from extractors.prose.tokens import read_tokens

    doc = nlp()(text)
    tokens = read_tokens(text)
    assert tokens.words == [token.text for token in doc]
    assert tokens.spaces == [bool(token.whitespace_) for token in doc]
    assert tokens.sent_starts[1:] == [token.is_sent_start for token in doc][1:]
    assert [_lexical(word) for word in tokens.words] == [(token.lower_, token.is_punct) for token in doc]


@pytest.mark.parametrize(("text", "values"), [
    ("from Linux 5.10 to 5.11 Git", []),  # releases: after a name of software, or before "Git"
    ("the 6.1 kernel and GCC 12", []),
    ("from 5.10 to 5.11 ms", [5.1, 5.11]),  # without a release word around them, numbers
    ("10 kernel builds took 41.5 s", [10, 41.5]),  # a count before "kernel" has no dot: still a count
])
def test_releases_are_names_not_quantities(text, values):
    from extractors.prose.tokens import read_tokens

    assert [value.value for _, value in read_tokens(text).quantities] == values


def test_a_member_reached_through_a_pointer_is_one_word():
    from extractors.prose.tokens import read_tokens

    assert read_tokens("q->iops went 10->20").words == ["q->iops", "went", "10", "->", "20"]


def test_an_abbreviated_average_ends_no_sentence():
    from extractors.prose.tokens import read_tokens

    assert read_tokens("100K entries ~ avg. lookup time 41 ms").sent_starts.count(True) == 1
    assert read_tokens("It takes the avg. The result is 41 ms").sent_starts.count(True) == 2  # a capital after it


def test_importing_the_finders_does_not_import_spacy():
    code = ("import sys, extractors.questions, extractors.claims, extractors.results; "
            "print('spacy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


@pytest.mark.parametrize("text", ["", "\x00", "1 " * 5000, "-> " * 2000, "+/- " * 2000, "a.b." * 3000,
                                  "? " * 3000, "%" * 5000])
def test_never_raises(text):
    assert isinstance(find_sentences(text), tuple)


@pytest.mark.parametrize("text, sentences", [
    # a mark glued to the word after it is code, a path or an operator, and ends no sentence
    ("If ret != -EAGAIN it takes the slow path. It is slower.", 2),
    ("Running ./run-bench -q 2 shows a nice improvement.", 1),
    # the last mark of a run, and a mark before other punctuation, still end one
    ("The latency increased a lot.(The disk was idle.) Is that expected?", 3),
    ("How do we avoid the overhead?: see below", 2),
    # a capital letter that labels something ("in B.", an initial) ends no sentence before a lower-case word
    ("The results in B. show that it costs no energy. It is not slower either.", 2),
    ("I ran it on box A. The numbers are below.", 2),
    # an aside closed after its own end mark, the sentence going on in lower case after it
    ("Are you writing to internal storage (UFS, eMMC, etc.) or to an external disk? It is faster.", 2),
    ("The latency is lower (about 3 us.) The throughput is the same.", 2),
])
def test_end_marks_glued_to_code_end_no_sentence(text, sentences):
    assert len(find_sentences(text)) == sentences


def test_a_colon_inside_a_quoted_commit_title_does_not_end_the_sentence():
    """'commit 1234abcd ("block:' wrapped before the rest of the title: the colon is the title's, so the
    sentence goes on to its question mark; a line ending in a colon of its own still ends a unit."""
    text = ('So are we certain this is a slowdown caused by commit 1234abcdef ("block:\n'
            'do not merge requests in the plug") ?\n')
    assert len(find_prose_units(text)) == 1
    assert len(find_prose_units("The results are:\nfaster than before\n")) == 2


def test_every_performance_word_passes_the_sentence_gate():
    """The keyword gate in front of spaCy must let through every word that makes a sentence about
    performance or states an effect, or the classifier never sees "This cuts down on CPU usage." or "I
    don't see your boost". (A weak subject alone, "cpu", "time", makes nothing without such a word.)"""
    words = STRONG_SUBJECTS | GOOD_VERBS | GOOD_NOUNS | BAD_VERBS | BAD_NOUNS | \
        set(JUDGING_COMPARATIVES) | set(DOUBT_WORDS)
    # not alone: "loss" is data or packet loss, "quicker" judges everyday tasks ("quicker to type"), "stalls"
    # are as often what a design avoids, "boost" a feature's name; with a subject or as a gain had they pass
    alone = words - {"loss", "quicker", "stalls", "boost", "boosts", "boosted"}
    assert [w for w in sorted(alone) if not admits(f"and so the {w} is here")] == []
    assert admits("i don't see your boost in my tests") and admits("the throughput loss is small")
    assert not admits("and so the window is here")  # the frame itself passes nothing
    assert admits("this cuts down on cpu usage.") and admits("the performance is really poor.")


@pytest.mark.parametrize(("text", "units"), [
    # an indented list of short lines, each opening with a capital: one item a line
    ("Impact of the new mode:\n\tMean IOPS dropped by 41%\n\tMean bandwidth dropped by 41%\n\tMean latency rose by 2.1 ms\n", 4),
    # an indented paragraph wrapped at the usual width stays one sentence
    ("\tThe new mode costs a little on every request because the payload is\n\tSigned twice, once per hop.\n", 1),
    # short lines without indent are a hard-wrapped sentence as often as a list
    ("The rate went down\nMostly on reads.\n", 1),
    # lines that open with the same words are statements of their own, the first without a stop
    ("For reads of 4K or more, the gain is 31% (~1.3x)\nFor reads under 4K, the gain is 9%.\n", 2),
    ("For reads of 4K or more the gain is 31% and\nfor reads under 4K the gain is 9%.\n", 1),
    # a wide gap after a full stop parts two sentences, not two columns of a table
    ("Little change on the 16 CPU guest.   Without batching, the flush takes 26\nms.  With it, 21 ms.\n", 1),
    ("   4k   120.5   130.2\nThat is all.\n", 1),  # a row of columns is no prose
    # items enumerated in brackets, none ending in a stop: an item each, the lead line one more
    ("We keep the old flag because:\n  (a) nobody set it\n  (b) the lookup is cheaper with one\n      table\n", 3),
    ("Two reasons:\n (i) it is simpler\n (ii) it is faster\n", 3),
])
def test_an_indented_list_of_short_lines_is_one_item_a_line(text, units):
    assert len(find_prose_units(text)) == units


@pytest.mark.parametrize("colon", [":", "\uff1a"])
def test_a_heading_line_ends_at_its_colon_in_either_width(colon):
    text = f"Summary of the runs{colon}\nThe mean latency was 41 us with the patch.\n"
    assert [s.text for s in find_sentences(text)] == ["The mean latency was 41 us with the patch."]

"""Time the sentence pipeline (pre-filter, spaCy sentencizer and pattern finder, question, claim and
inline-result decisions) on 10,000 generated sentences.

    python benchmarks/bench_sentences.py [N_SENTENCES]      (default: 10000)

The sentences are built from templates of review mail (performance questions, claims, requests, code
review, greetings, hard-wrapped into ~72-column paragraphs of five sentences, some quoted), so that the
pre-filter sees the mix it sees in real archives: most paragraphs reach spaCy, a few are rejected. Prints
sentences per second for the whole pipeline and for spaCy alone (the same paragraphs through
`nlp.pipe`), and what was found.
"""

from __future__ import annotations

import random
import sys
import textwrap
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from extractors.claims import find_claims  # noqa: E402
from extractors.questions import find_questions  # noqa: E402
from extractors.prose.pipeline import find_sentences, nlp  # noqa: E402
from extractors.prose.units import find_prose_units  # noqa: E402
from extractors.results import find_inline_results  # noqa: E402

_SUBJECTS = ["the allocator", "this series", "the new lock", "the fast path", "the patch", "v3", "the scheduler"]
_METRICS = ["throughput", "latency", "the build time", "hackbench", "fio randread", "the fault rate"]
_TEMPLATES = [
    "Have you measured {metric} with {subject}?",
    "How many runs did you average for {metric}?",
    "Could you post numbers for {metric} against the old code?",
    "We'd need to see gains on real workloads before taking {subject}.",
    "Does {subject} cause any regression in {metric}?",
    "What does the profile look like with {subject} applied?",
    "With {subject}, {metric} improves by about {pct}%.",
    "{subject} takes a small hit on {metric}.",
    "The results are in the noise for {metric}.",
    "It was about {pct}%.",
    "Why not fold this into {subject}?",
    "Please split {subject} into smaller patches.",
    "Thanks for the review, I will send a new version tomorrow.",
    "The helper is only called from the init path, so the locking is fine.",
    "This looks good to me.",
    "I rebased {subject} on top of the current tree and fixed the build warning.",
    "Reviewed-by is fine with me for {subject}.",
    "{metric} went from {a} to {b} with {subject}.",
]


def make_sentences(rnd: random.Random, n: int) -> list[str]:
    out = []
    for _ in range(n):
        template = rnd.choice(_TEMPLATES)
        sentence = template.format(subject=rnd.choice(_SUBJECTS), metric=rnd.choice(_METRICS),
                                   pct=round(rnd.uniform(0.5, 30), 1), a=rnd.randint(100, 900),
                                   b=rnd.randint(100, 900))
        out.append(sentence[0].upper() + sentence[1:])
    return out


def make_blocks(rnd: random.Random, sentences: list[str]) -> list[str]:
    """Paragraphs of five sentences, hard-wrapped, ten paragraphs to a block (one mail's text part)."""
    paragraphs = [textwrap.fill(" ".join(sentences[i:i + 5]), 72) for i in range(0, len(sentences), 5)]
    return ["\n\n".join(paragraphs[i:i + 10]) for i in range(0, len(paragraphs), 10)]


def main() -> int:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    rnd = random.Random(7)
    blocks = make_blocks(rnd, make_sentences(rnd, n))
    nlp()  # build once, outside the timing: it happens once per process
    find_claims("It is faster.")  # and the pattern finder

    start = time.perf_counter()
    read = questions = claims = results = 0
    for block in blocks:
        read += len(find_sentences(block))
        questions += len(find_questions(block))
        claims += len(find_claims(block))
        results += len(find_inline_results(block))
    elapsed = time.perf_counter() - start

    units = [" ".join(line for _, line in unit) for block in blocks for unit in find_prose_units(block)]
    start = time.perf_counter()
    for _ in nlp().pipe(units, batch_size=256):
        pass
    spacy_only = time.perf_counter() - start

    print(f"{n} sentences in {len(blocks)} blocks: {elapsed:.2f} s, {n / elapsed:,.0f} sentences/s "
          f"(spaCy alone: {n / spacy_only:,.0f} sentences/s); {read} sentences read, "
          f"{questions} questions, {claims} claims, {results} results")
    return 0


if __name__ == "__main__":
    sys.exit(main())

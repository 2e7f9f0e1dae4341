"""What a table or a line-per-side result is called: the benchmark its caption or the text above names."""

from __future__ import annotations

from extractors.vocab.benchmarks import BENCHMARK_RE


def benchmark_name(context: str | None, caption: str | None) -> str | None:
    """The benchmark program named in the caption, else in the paragraph above, as written there;
    None when neither names one (a table is never named after a register or a symbol)."""
    for text in (caption, context):
        if text:
            match = BENCHMARK_RE.search(text)
            if match:
                return match.group()
    return None

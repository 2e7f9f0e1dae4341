"""Performance claims in mail prose: sentences asserting that a change makes things faster, slower or no
different, with the magnitude when one is stated ("a solid improvement (7%)", "takes a small hit", "in
the noise").

The decision is the sentence classifier's (`extractors.prose.classify`): an effect phrase about a
performance subject, not a question or request, not hypothetical or a plan, not the verb of a plain
"from X to Y" result (an inline result), and "regression" only in its performance sense. A bare figure
that leans on the sentence before ("I measured the overhead. It was about 2.2%.") is joined with it.

`check_claim` compares a claim with the evidence of its message.
"""

from __future__ import annotations

from extractors.model import Claim
from extractors.prose.classify import bare_figure, figure_polarity, moved_figure, read_claim
from extractors.prose.pipeline import find_sentences


def find_claims(text: str) -> list[Claim]:
    """Sentences asserting a performance effect in one block of text (quote prefixes already removed).

    Each Claim has the sentence's offsets in `text`, the sentence with single spaces for line breaks,
    its polarity and the stated magnitude in percent (or None). Never raises because of content.
    """
    found: list[Claim] = []
    previous = None
    for sentence in find_sentences(text):
        figure = bare_figure(sentence) if previous is not None and previous.unit == sentence.unit else None
        polarity = figure_polarity(previous) if figure is not None else None
        if polarity is not None:
            # "I measured the overhead of the patch. It was about 2.2%.": one claim over both sentences
            if found and found[-1].start == previous.start:
                found.pop()
            found.append(Claim(previous.start, sentence.end, f"{previous.text} {sentence.text}", polarity, figure))
        else:
            claim = read_claim(sentence)
            if claim is None and previous is not None and previous.unit == sentence.unit:
                claim = moved_figure(sentence, previous)  # "That was an increase of about 5%."
            if claim is not None:
                found.append(Claim(sentence.start, sentence.end, sentence.text, claim[0], claim[1]))
        previous = sentence
    return found


# How far a claimed percentage may be from the evidence and still agree. Writers round ("about 11%") and
# pick the headline row, so a claim is judged by the closest comparison in the message, allowing a quarter
# of the claimed size, at least one point: "11%" agrees with 9.3% but not with 2%, "5%" with 4.2%.
_RELATIVE_TOLERANCE = 0.25
_ABSOLUTE_TOLERANCE_PCT = 1.0
# Benchmarks on a quiet machine vary by a couple of percent from run to run: a "no difference" claim
# holds while every change stays inside that band (or inside the bound it states, if larger).
_NOISE_BAND_PCT = 2.0
_NEUTRAL_SHARE = 0.75  # "pretty much in the noise, except at 7 threads": most changes, not all of them


def check_claim(claim: Claim, deltas_pct: list[float],
                higher_is_better: list[bool | None] | None = None) -> str:
    """Whether a claim agrees with the comparisons of its message: "agrees", "disagrees" or "unchecked".

    `deltas_pct` are the (patched - baseline) / baseline * 100 of the message's table pairs and inline
    results; `higher_is_better[i]` says whether a rise of delta i is good (None or missing: unknown, then
    only sizes are compared). A neutral claim agrees when most deltas stay in the noise band; a claim
    with a magnitude agrees when some delta of a compatible direction is within tolerance of it; a claim
    without one agrees when the deltas of known direction lean its way. No deltas: "unchecked".
    """
    if not deltas_pct:
        return "unchecked"
    known = list(higher_is_better or [])[:len(deltas_pct)]
    directions = known + [None] * (len(deltas_pct) - len(known))
    gains = [None if h is None else (d if h else -d) for d, h in zip(deltas_pct, directions)]
    if claim.polarity == "neutral":
        band = max(_NOISE_BAND_PCT, claim.magnitude_pct or 0.0)
        inside = sum(abs(d) <= band for d in deltas_pct)
        return "agrees" if inside >= _NEUTRAL_SHARE * len(deltas_pct) else "disagrees"
    sign = 1 if claim.polarity == "improvement" else -1
    if claim.magnitude_pct is not None:
        tolerance = max(_ABSOLUTE_TOLERANCE_PCT, _RELATIVE_TOLERANCE * claim.magnitude_pct)
        for delta, gain in zip(deltas_pct, gains):
            if abs(abs(delta) - claim.magnitude_pct) <= tolerance and (gain is None or gain * sign > 0):
                return "agrees"
        return "disagrees"
    leaning = [gain for gain in gains if gain is not None]
    if not leaning:
        return "unchecked"
    return "agrees" if sum(leaning) * sign > 0 else "disagrees"

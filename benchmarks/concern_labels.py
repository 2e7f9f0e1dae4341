"""How the questions finder scores on 2,700 asking sentences of two whole real lists, labelled by hand,
and whether a trained text classifier (spaCy `textcat`) would do better.

    python benchmarks/concern_labels.py --pm PATH [--io-uring MBOX] [--half tune|test|all] [-v] [--textcat]

`concern_labels.jsonl` holds one hand label per sentence: the list, the Message-ID, a hash of the
sentence's words (no mail text is kept here), whether it is a reviewer's performance concern and its
category. The sentences are every sentence that asks, requests or doubts in the new (unquoted) prose
of the replies of two lists: io-uring (`../shared/wild/io-uring.mbox.gz`) and linux-pm (the public-inbox
epoch `linux-mailinglist-archives/linux-pm.vger.kernel.org.0`; `--pm` names its git directory). The
sample was drawn in two rounds: at random (more of the sentences the finder takes, and of those with a
performance word), then among the sentences a first classifier was unsure of. Sentences that occur in
the corpora of ../shared/corpus were left out. The labels follow the corpus schema's definition of a
question: a performance question or request from a reviewer, not a functional or code-style one.

Prints the finder's precision, recall and F1 against the labels on one half of the messages (`--half`:
messages are halved by a hash of their Message-ID, so that rules can be tuned on one half and checked on
the other), and with `-v` every sentence it gets wrong. With `--textcat`, it also cross-validates a
bag-of-words textcat by message over all labels: alone, and added to the finder (a sentence either takes).
The sentences read from the archives are cached in benchmarks/out/, keyed by the labels.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import pickle
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO))

from extractors.analysis import analyze_body  # noqa: E402
from extractors.blocks import run_blocks  # noqa: E402
from extractors.prose.asking import asks  # noqa: E402
from extractors.prose.pipeline import find_sentences  # noqa: E402
from extractors.prose.requesting import imperative  # noqa: E402
from extractors.questions import find_questions  # noqa: E402
from extractors.quotes import DIFF_START_RE, split_quotes  # noqa: E402
from miner.message.parse import parse_message  # noqa: E402
from miner.sources.mboxes import iter_mbox_items  # noqa: E402
from miner.sources.public_inbox import iter_public_inbox_items  # noqa: E402

LABELS = HERE / "concern_labels.jsonl"
CACHE = HERE / "out" / "concern_sentences.pickle"
IO_URING = REPO.parent / "shared" / "wild" / "io-uring.mbox.gz"
THRESHOLDS = (0.5, 0.7, 0.9)
SEED = 0
MEASURED_MARK = " (numbers shown)"  # what the textcat reads besides the sentence: the message shows numbers


def sentence_key(text: str) -> str:
    """How a label names its sentence: a hash of its words."""
    return hashlib.sha1(" ".join(text.split()).encode()).hexdigest()[:16]


def half_of(message_id: str) -> str:
    return "tune" if hashlib.sha1(message_id.encode()).digest()[0] % 2 == 0 else "test"


def asking_sentences(items, list_name: str):
    """(list, Message-ID, key, text, measured) for every sentence that asks, requests or doubts in the
    new prose of the replies among `items` (a patch's own description asks no reviewer anything)."""
    for item in items:
        if item.skipped or not item.raw.strip():
            continue
        message = parse_message(item.raw)
        body = message.body
        diff = DIFF_START_RE.search(body)
        quote_blocks = split_quotes(body[:diff.start()] if diff else body)
        if diff and not any(block.depth for block in quote_blocks):
            continue
        measured = None
        for quote_block in quote_blocks:
            if quote_block.kind != "text" or quote_block.depth:
                continue
            for block in run_blocks(quote_block):
                if block.kind != "prose":
                    continue
                for sentence in find_sentences(block.text):
                    if asks(sentence) or sentence.has("REQUEST") or sentence.has("DOUBT") or imperative(sentence):
                        if measured is None:
                            findings = analyze_body(message.body, message.author_name or message.author_email)
                            measured = bool(findings.tables or findings.results)
                        yield list_name, message.message_id, sentence_key(sentence.text), sentence, block.text, measured


def labelled(pm: Path, io_uring: Path) -> list[dict]:
    """The labelled sentences with their text and their block, read from the archives (or the cache)."""
    lines = LABELS.read_text().splitlines()
    digest = hashlib.sha1("\n".join(lines).encode()).hexdigest()
    if CACHE.exists():
        cached = pickle.loads(CACHE.read_bytes())
        if cached["labels"] == digest:
            return cached["rows"]
    labels = {(o["list"], o["message_id"], o["key"]): o for o in map(json.loads, lines)}
    found: dict[tuple, dict] = {}
    for list_name, items in (("io-uring", iter_mbox_items(io_uring)), ("linux-pm", iter_public_inbox_items(pm))):
        for list_, message_id, key, sentence, block, measured in asking_sentences(items, list_name):
            label = labels.get((list_, message_id, key))
            if label is not None and (list_, message_id, key) not in found:
                found[(list_, message_id, key)] = dict(label, text=sentence.text, start=sentence.start,
                                                       end=sentence.end, block=block, measured=measured)
    if len(found) < len(labels):
        print(f"{len(labels) - len(found)} labelled sentences not found in the archives", file=sys.stderr)
    rows = list(found.values())
    CACHE.parent.mkdir(exist_ok=True)
    CACHE.write_bytes(pickle.dumps({"labels": digest, "rows": rows}))
    return rows


def taken(row: dict) -> bool:
    """Whether the questions finder takes the sentence, reading its paragraph (without the one before it)."""
    return any((q.start, q.end) == (row["start"], row["end"]) for q in find_questions(row["block"], None, row["measured"]))


def scores(decisions: list[tuple[bool, bool]]) -> str:
    """Precision, recall and F1 of (decided, labelled) pairs."""
    tp = sum(1 for d, g in decisions if d and g)
    fp = sum(1 for d, g in decisions if d and not g)
    fn = sum(1 for d, g in decisions if not d and g)
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 1.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return f"P {precision:.2f} R {recall:.2f} F1 {f1:.2f} (labelled {tp + fn}, taken {tp + fp})"


def textcat(rows: list[dict]):
    """A bag-of-words textcat (words and word pairs) trained on `rows`, seeded."""
    import spacy
    from spacy.training import Example

    spacy.util.fix_random_seed(SEED)
    pipeline = spacy.blank("en")
    component = pipeline.add_pipe("textcat", config={"model": {
        "@architectures": "spacy.TextCatBOW.v3", "exclusive_classes": True, "ngram_size": 2,
        "no_output_layer": False, "length": 1 << 17}})
    for label in ("CONCERN", "OTHER"):
        component.add_label(label)
    examples = [Example.from_dict(pipeline.make_doc(_textcat_text(r)),
                                  {"cats": {"CONCERN": float(r["concern"]), "OTHER": 1.0 - r["concern"]}}) for r in rows]
    optimizer = pipeline.initialize(lambda: examples)
    order = random.Random(SEED)
    for _ in range(30):
        order.shuffle(examples)
        for start in range(0, len(examples), 16):
            pipeline.update(examples[start:start + 16], sgd=optimizer, drop=0.1)
    return pipeline


def _textcat_text(row: dict) -> str:
    return " ".join(row["text"].split()) + (MEASURED_MARK if row["measured"] else "")


def cross_validate(rows: list[dict], folds: int = 5) -> None:
    """The textcat against the finder, by message over `folds` folds of all labels."""
    messages = sorted({r["message_id"] for r in rows})
    random.Random(SEED).shuffle(messages)
    fold_of = {m: i % folds for i, m in enumerate(messages)}
    held: list[tuple[dict, float, bool]] = []
    for fold in range(folds):
        pipeline = textcat([r for r in rows if fold_of[r["message_id"]] != fold])
        test = [r for r in rows if fold_of[r["message_id"]] == fold]
        held.extend((r, doc.cats["CONCERN"], taken(r)) for r, doc in zip(test, pipeline.pipe(map(_textcat_text, test))))
    print(f"textcat, {folds}-fold by message over all {len(rows)} labels:")
    print(f"  finder alone            {scores([(t, bool(r['concern'])) for r, _, t in held])}")
    for threshold in THRESHOLDS:
        print(f"  textcat at {threshold:.1f} alone   {scores([(p >= threshold, bool(r['concern'])) for r, p, _ in held])}")
        print(f"  finder or textcat {threshold:.1f}  {scores([(t or p >= threshold, bool(r['concern'])) for r, p, t in held])}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pm", type=Path, required=True, help="the linux-pm public-inbox epoch (git directory)")
    parser.add_argument("--io-uring", type=Path, default=IO_URING)
    parser.add_argument("--half", choices=("tune", "test", "all"), default="all")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every sentence the finder gets wrong")
    parser.add_argument("--textcat", action="store_true", help="cross-validate a textcat against the finder")
    args = parser.parse_args()
    rows = labelled(args.pm, args.io_uring)
    chosen = [r for r in rows if args.half == "all" or half_of(r["message_id"]) == args.half]
    decided = [(taken(r), bool(r["concern"])) for r in chosen]
    where = "all messages" if args.half == "all" else f"the {args.half} half of the messages"
    print(f"questions finder on {where} ({len(chosen)} labels): {scores(decided)}")
    if args.verbose:
        for r, (decision, label) in zip(chosen, decided):
            if decision != label:
                print(f"  {'FP' if decision else 'FN'} {r['list']} {r['category'] or '':13} {' '.join(r['text'].split())[:160]}")
    if args.textcat:
        cross_validate(rows)


if __name__ == "__main__":
    main()

"""Mail prose: the only code that imports spaCy, and it does so lazily (`pipeline.nlp()`, built once per
process on first use), so importing `extractors.questions` or `extractors.claims` stays cheap.

- `tokens`: the mail tokenizer, numbers with units and spreads as entities (`extractors.numbers`);
- `units`: prose units of a block (paragraphs, list items), until `extractors.blocks` hands prose only;
- `pipeline`: the pipeline, the cue Matcher, and `find_sentences`;
- `cues`: the classifier's Matcher patterns as data; `classify`: what a sentence is (question, claim);
  `asking`: whether and how a sentence asks; `polarity`: which way a claimed effect goes and its size;
  `figures`: a bare figure that the sentence before names;
- `grammar`: comparisons of numbers in a sentence (the inline-result grammar); `subjects`: what a stated
  result measured, and which way is better for it.
"""

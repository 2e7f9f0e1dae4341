"""Vocabularies as data: each entry encodes one general fact about how benchmark output or kernel mail
is written (a unit and what it measures, a word that names the unpatched kernel), never a word because
one message has it. The extractors import these tables; nothing here has logic beyond building lookups."""

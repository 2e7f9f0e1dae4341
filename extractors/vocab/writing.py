"""How English is written in mail, apart from what it says: the words a full stop belongs to."""

# Tokens ending in '.' that are abbreviations, not sentence ends ("v.s." is a common spelling of "vs."): a
# line ending in one ("2  2  vs.") has not ended a sentence.
ABBREVIATIONS = frozenset({"e.g.", "i.e.", "etc.", "vs.", "v.s.", "cf.", "al.", "approx.", "resp.", "fig.", "no.",
                           "mr.", "ms.", "dr.", "incl.", "esp.", "viz.", "ca.", "w.r.t.", "a.k.a.", "ie.", "eg."})

# Words only a clause of prose holds, never the name of a column: articles, pronouns, the forms of "be". A
# line of many words holding one ("observed an improvement of 12% with") is a sentence over the rows.
CLAUSE_WORDS = frozenset({"a", "an", "the", "we", "i", "it", "is", "are", "was", "were"})
# Words cut short with a full stop that go on with a lower-case word ("the avg. wait time"): before a
# capital the stop ends a sentence as well ("... calculate the avg. The result is ...").
SHORTENED_WORDS = frozenset({"avg", "min", "max", "est"})  # "approx." the tokenizer reads as one word

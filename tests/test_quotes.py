"""Quote structure: depth prefixes, attribution forms, Outlook headers, signatures, footers, patches."""

from __future__ import annotations

import pytest

from extractors.quotes import parse_attribution, quote_depth, split_quotes


@pytest.mark.parametrize(("line", "expected"), [
    ("plain text", (0, "plain text")),
    ("> quoted", (1, "quoted")),
    (">quoted", (1, "quoted")),
    ("> > twice", (2, "twice")),
    (">> twice", (2, "twice")),
    (" > > > thrice", (3, "thrice")),
    ("> >> mixed", (3, "mixed")),
    (">     >     > diff --git a/f b/f", (3, "diff --git a/f b/f")),  # Outlook indents each level it nests
    ("    >     > diff --git a/f b/f", (2, "diff --git a/f b/f")),  # and may indent the whole quotation
    ("> \t\t>> PAGE_SHIFT;", (1, "\t\t>> PAGE_SHIFT;")),  # a shift operator in quoted code is no level
    (">From the results we see", (0, "From the results we see")),  # mbox escape, not quotation
    ("> >From Jane Roe  Sent: Monday", (1, "From Jane Roe  Sent: Monday")),
    ("| bar quoted line", (1, "bar quoted line")),
    ("| 8    | 19%   | 21%  |", (0, "| 8    | 19%   | 21%  |")),  # a table row keeps its bars
    ("|-----+------|", (0, "|-----+------|")),
    ("|   redis   +------+-----+", (0, "|   redis   +------+-----+")),  # a box cell spanning rows, not a quote
    ("+-----+------+", (0, "+-----+------+")),
    ("    >=(KB) .. <(KB)  : count", (0, "    >=(KB) .. <(KB)  : count")),  # a bound over a histogram
    (">===============", (1, "===============")),  # a quoted rule of "=" stays quoted
])
def test_quote_depth(line, expected):
    assert quote_depth(line) == expected


@pytest.mark.parametrize(("line", "name"), [
    ("On Fri, 08 Feb 2019, Jane Roe wrote:", "Jane Roe"),
    ("On 11/30/2025 7:04 PM, Jane Roe wrote:", "Jane Roe"),
    ("On Tue, 28 Mar 2023 21:59:25 +0200 Jane Roe wrote:", "Jane Roe"),
    ("On Thu, Jun 13, 2024 at 1:08\u202fAM Jane Roe <jane@example.org> wrote:", "Jane Roe"),
    # the same narrow no-break space after a conversion to a charset that lacks it
    ("On Thu, Jun 13, 2024 at 1:08?AM Jane Roe <jane@example.org> wrote:", "Jane Roe"),
    ("On 2019/11/1 10:30 PM, Paul Q. Public wrote:", "Paul Q. Public"),
    ("On 18-09-15 23:43:12, John Doe (ACME) wrote:", "John Doe (ACME)"),
    ("On Wed, 2013-10-16 at 08:55 +0200, John Doe wrote:", "John Doe"),
    ("* John Doe <john@example.org> wrote:", "John Doe"),
    ('Jane Roe writes ("Re: [PATCH] speed things up"):', "Jane Roe"),
    ("Am 26.11.2014 um 10:23 schrieb John Doe:", "John Doe"),
    ("Am Mi., 26. Nov. 2014 um 10:23 Uhr schrieb John Doe <john@example.org>:", "John Doe"),
    ("Quoting Jane Roe (2014-11-26 10:00:01):", "Jane Roe"),
    ("Doe, John wrote:", "Doe, John"),
    ("Jane Roe <jane@example.org> wrote:", "Jane Roe"),
    # not attributions
    ("As I said before, it does not work:", None),
    ("The numbers are below:", None),
    ("I wrote a test for this: it passes.", None),
    ("", None),
])
def test_parse_attribution(line, name):
    assert parse_attribution(line) == name


def _roles(body: str) -> list[tuple[int, int, str, str | None, str]]:
    return [(b.first_line, b.depth, b.kind, b.author, b.lines[0]) for b in split_quotes(body)]


def test_nested_attributions_name_each_depth():
    body = ("On Mon, 1 Jan 2024, Jane Roe wrote:\n"
            "> On Sun, 31 Dec 2023, John Doe wrote:\n"
            ">> The old numbers.\n"
            "> Her reply.\n"
            "My answer.")
    assert _roles(body) == [
        (0, 0, "attribution", None, "On Mon, 1 Jan 2024, Jane Roe wrote:"),
        (1, 1, "attribution", None, "On Sun, 31 Dec 2023, John Doe wrote:"),
        (2, 2, "text", "John Doe", "The old numbers."),
        (3, 1, "text", "Jane Roe", "Her reply."),
        (4, 0, "text", None, "My answer."),
    ]


@pytest.mark.parametrize("attribution", [
    "On Wed, Nov 26, 2014 at 3:01 PM, Jane Roe\n<jane@example.org> wrote:\n",
    # "Name <addr> wrote on <date>", no colon, the date wrapped: an attribution, not a line of numbers
    "Jane Roe <jane@example.org> wrote on Monday, 3\nMarch 2025 at 09:15\n",
])
def test_an_attribution_wrapped_over_two_lines_names_the_quotation_below(attribution):
    roles = _roles(attribution + "> Could you rerun the benchmark?\n")
    assert roles[0][:3] == (0, 0, "attribution")
    assert roles[1] == (2, 1, "text", "Jane Roe", "Could you rerun the benchmark?")


def test_wrote_on_in_a_sentence_is_no_attribution():
    assert _roles("Jane Roe <jane@example.org> wrote on the list that it is faster.\n")[0][2] == "text"


def test_german_attribution_names_the_next_depth():
    body = "> Am 26.11.2014 um 10:23 schrieb John Doe:\n>> Quoted by Jane.\n> Jane's text."
    assert [(d, k, a) for _, d, k, a, _ in _roles(body)] == [
        (1, "attribution", None), (2, "text", "John Doe"), (1, "text", None)]


def test_mbox_escaped_one_line_outlook_header():
    body = ("On 18-09-15 23:43:12, John Doe wrote:\n"
            "> >From Jane Roe   Sent: Thursday, September 13, 2018 2:13 AM\n"
            "> > Her patch description.\n"
            "> His question?")
    assert [(d, k, a) for _, d, k, a, _ in _roles(body)] == [
        (0, "attribution", None), (1, "attribution", None), (2, "text", "Jane Roe"), (1, "text", "John Doe")]


def test_outlook_original_message_at_depth_zero_is_quoted():
    body = ("Top-posted answer.\n"
            "\n"
            "-----Original Message-----\n"
            "From: Doe, John [mailto:john@example.org]\n"
            "Sent: Monday, May 21, 2007 5:05 PM\n"
            "To: Jane Roe\n"
            "Subject: RE: numbers\n"
            "\n"
            "The original text.\n")
    blocks = split_quotes(body)
    original = [b for b in blocks if "The original text." in b.lines]
    assert original and original[0].depth == 1 and original[0].author == "Doe, John"
    assert blocks[0].depth == 0 and blocks[0].kind == "text"


def test_outlook_header_on_behalf_of_names_the_sender():
    body = (">> -----Original Message-----\n"
            ">> From: list-bounces@example.org\n"
            ">> [mailto:list-bounces@example.org] On Behalf Of Doe, John\n"
            ">> Sent: 2007-05-24 17:05\n"
            ">> Subject: RE: discussion\n"
            ">>\n"
            ">> His older text.\n")
    text = [b for b in split_quotes(body) if b.kind == "text" and "His older text." in b.lines]
    assert text[0].author == "Doe, John" and text[0].depth == 2


def test_mail_header_lines_in_a_page_are_not_an_outlook_header():
    body = "From: Jane Roe @ 2009-09-03 11:07 UTC (permalink / raw)\n  To: Linux-Kernel\n\nBody text."
    assert all(b.depth == 0 for b in split_quotes(body))


@pytest.mark.parametrize(("body", "kind", "first"), [
    ("Text.\n-- \nJane Roe, ACME", "signature", "-- "),
    ("Text.\n--\nJane", "signature", "--"),
    ("Text.\n_______________________________________________\nXen-devel mailing list", "footer",
     "_______________________________________________"),
    ('Text.\nTo unsubscribe from this list: send the line "unsubscribe linux-kernel" in', "footer",
     'To unsubscribe from this list: send the line "unsubscribe linux-kernel" in'),
    ("Text.\nMore majordomo info at  http://vger.kernel.org/majordomo-info.html", "footer",
     "More majordomo info at  http://vger.kernel.org/majordomo-info.html"),
    ("Text.\ndiff --git a/x.c b/x.c\n+int speed_up;", "patch", "diff --git a/x.c b/x.c"),
    ("Text.\n kernel/sched/core.c | 12 +++++---\n 1 file changed, 7 insertions(+)", "patch",
     " kernel/sched/core.c | 12 +++++---"),
])
def test_tail_kinds(body, kind, first):
    blocks = split_quotes(body)
    assert blocks[0].kind == "text"
    assert (blocks[1].kind, blocks[1].lines[0]) == (kind, first)


def test_quoted_signature_only_ends_its_own_depth():
    body = "> Her text.\n> -- \n> Her name\nMy text after her signature."
    kinds = [(b.depth, b.kind) for b in split_quotes(body)]
    assert kinds == [(1, "text"), (1, "signature"), (0, "text")]


def test_git_format_patch_signature_is_two_lines():
    body = "Patch text.\n-- \n2.39.2\n\nNumbers with the patch:\nfoo 12 13\n"
    kinds = [(b.kind, b.lines) for b in split_quotes(body) if any(map(str.strip, b.lines))]
    assert kinds == [("text", ("Patch text.",)), ("signature", ("-- ", "2.39.2")),
                     ("text", ("", "Numbers with the patch:", "foo 12 13", ""))]


@pytest.mark.parametrize("body", [
    "Text.\n-- \nJane Roe\n\nACME Corp, Springfield",  # a person's signature goes on after a blank line
    "Text.\n-- \n2.39.2\n",  # git's signature at the end of the mail
])
def test_other_signatures_run_to_the_end(body):
    assert split_quotes(body)[-1].kind == "signature"


def test_line_numbers_are_kept():
    body = "a\n> b\n> c\nd\n\ne"
    blocks = split_quotes(body)
    assert [(b.first_line, len(b.lines)) for b in blocks] == [(0, 1), (1, 2), (3, 3)]
    assert sum(len(b.lines) for b in blocks) == len(body.split("\n"))


@pytest.mark.parametrize("body", ["", "\n\n", ">", "> > >", "-----Original Message-----", "On wrote:",
                                  "\x00\x01 binary \ufffd", ">From", "|", "On " + "x" * 5000 + " wrote:"])
def test_never_raises(body):
    blocks = split_quotes(body)
    assert sum(len(b.lines) for b in blocks) == len(body.split("\n"))


def test_new_text_answers_the_quoted_block_above_it():
    body = ("> Have you measured this?\n"
            "\n"
            "Yes, numbers below.\n"
            "> And the profile?\n"
            ">\n"
            "Not yet.\n"
            "More text.")
    answered = [(b.text.strip().split("\n")[0], b.answers) for b in split_quotes(body) if b.depth == 0]
    assert answered == [("Yes, numbers below.", 0), ("Not yet.", 3)]


@pytest.mark.parametrize(("body", "depths"), [
    ("> a long quoted sentence that the client wrapped at the\nend of the line and then\n> it goes on.",
     [1]),
    ("> Did you measure it?\nyes, see below.\n> And the profile?", [1, 0, 1]),  # a terse answer stays new
    ("> quoted text without an end\nNew text by the author.\n> quoted again", [1, 0, 1]),
    ("> +\tspin_lock(&lock);\nnit: use a guard here\n> +\tspin_unlock(&lock);", [1, 0, 1]),
    # a nested quote the replying client re-wrapped: the tail lost one '>' of its two
    ("> > the cached read path slows down by\n> about\n> > 30% on the small board.", [2]),
])
def test_wrapped_quote_lines_keep_their_depth(body, depths):
    assert [b.depth for b in split_quotes(body)] == depths


def test_a_fio_percentile_row_at_the_margin_is_no_bar_quotation():
    assert quote_depth("| 99.00th=[ 213], 99.50th=[ 402],") == (0, "| 99.00th=[ 213], 99.50th=[ 402],")
    assert quote_depth("| as he wrote") == (1, "as he wrote")


def test_an_empty_line_inside_a_quote_belongs_to_it():
    """A client drops the '>' of a blank quoted line: the quote runs on across it; an empty line before
    the reply's own text still ends the quote."""
    blocks = split_quotes("> first quoted paragraph\n\n> second quoted paragraph\n\nMy answer.\n")
    quoted = [b for b in blocks if b.depth == 1]
    assert len(quoted) == 1 and quoted[0].lines[:3] == ("first quoted paragraph", "", "second quoted paragraph")
    assert any(b.depth == 0 and "My answer." in b.lines for b in blocks)


_SUGGESTED_HUNK = ("> Maybe fold this in:\n"
                   "> diff --git a/fs/x.c b/fs/x.c\n> --- a/fs/x.c\n> +++ b/fs/x.c\n"
                   "> @@ -10,3 +10,3 @@ static int x_fill(void)\n"
                   ">  \tint ret;\n> -\tret = x_slow();\n> +\tret = x_fast();\n> \n")


def test_a_quoted_patch_ends_where_its_hunks_do():
    """A hunk header says how many lines it holds: once they are there, quoted prose after it (what the
    suggester wrote below the diff) is text again, and a reply's quotes below it are read."""
    body = _SUGGESTED_HUNK + "> \n> With it the scan time halves.\n\nApplied.\n"
    kinds = [(b.depth, b.kind, next(filter(str.strip, b.lines))) for b in split_quotes(body)
             if any(map(str.strip, b.lines))]
    assert kinds == [(1, "text", "Maybe fold this in:"), (1, "patch", "diff --git a/fs/x.c b/fs/x.c"),
                     (1, "text", "With it the scan time halves."), (0, "text", "Applied.")]


@pytest.mark.parametrize("rest", [
    "> diff --git a/fs/y.c b/fs/y.c\n> --- a/fs/y.c\n",  # the next file of the same patch
    "> -- \n> 2.39.2\n",  # git's signature
])
def test_what_goes_on_a_patch_after_a_complete_hunk(rest):
    assert [b.kind for b in split_quotes(_SUGGESTED_HUNK + rest) if b.depth and any(map(str.strip, b.lines))][1:] \
        in (["patch"], ["patch", "signature"])


def test_review_between_the_lines_of_a_hunk_leaves_the_quoted_patch_a_patch():
    body = ("> @@ -1,4 +1,4 @@\n".join(_SUGGESTED_HUNK.split("> @@ -10,3 +10,3 @@ static int x_fill(void)\n"))
            .replace("> -\tret", "Why not keep it?\n\n> -\tret"))
    assert [b.kind for b in split_quotes(body) if b.depth][1:] == ["patch", "patch"]


def test_supercite_tags_quote_the_lines_they_open_and_its_attribution_names_the_writer():
    body = "\n".join([
        '>>>>> "Alice" == Alice Example <alice@example.org> writes:',
        "",
        "Alice> The array drops to 40 MB/s when the bitmap is internal,",
        "Alice> and stays at 300 MB/s with an external one.",
        "Alice>",
        "Alice> Any idea why?",
        "",
        "The internal bitmap is written before each stripe.",
    ])
    blocks = [b for b in split_quotes(body) if any(line.strip() for line in b.lines)]
    assert [(b.depth, b.kind) for b in blocks] == [(0, "attribution"), (1, "text"), (0, "text")]
    assert blocks[1].author == "Alice Example"
    assert blocks[1].lines[0] == "The array drops to 40 MB/s when the bitmap is internal,"


def test_a_tools_prompt_is_no_supercite_tag():
    body = "\n".join(["crash> bt", "PID: 1234  TASK: ffff8881  CPU: 3", " #0 [ffffc900] __schedule at ffffffff81",
                      "crash> ps -m 1234", "[0 00:00:01.204] [UN]  PID: 1234", "crash> kmem -i",
                      "  PAGES  TOTAL  PERCENTAGE", "crash> log", "[  0.000000] Linux version"])
    assert {b.depth for b in split_quotes(body)} == {0}


def test_where_text_resumes_after_an_unquoted_diff():
    """Text under a suggested change is read; a code line the client wrapped, git's signature or a list's
    footer is not text resuming."""
    from extractors.quotes import patch_end
    diff = "diff --git a/x.c b/x.c\n--- a/x.c\n+++ b/x.c\n@@ -1,2 +1,2 @@\n-int f(int a,\n+int f(long a,\n b);\n"
    assert patch_end(diff + "\nTest result:\n", 0) == len(diff) + 1
    wrapped = diff.replace("+int f(long a,\n", "+int f(long a, struct\nfoo *b,\n")
    assert patch_end(wrapped, 0) == len(wrapped)  # "foo *b," wrapped, then the hunk goes on
    assert patch_end(diff + "-- \n2.39.2\n", 0) == len(diff + "-- \n2.39.2\n")
    assert patch_end(diff + "-- \nA. Maintainer\n", 0) == len(diff + "-- \nA. Maintainer\n")


def test_an_indented_bar_marking_pasted_output_gives_way_to_a_space():
    """' | 42.0 usecs/op': the bar marks the line as pasted, it is no quotation and no table's border."""
    assert quote_depth(" |      Total time: 0.207 [sec]") == (0, "        Total time: 0.207 [sec]")
    assert quote_depth(">  | # Running 'x/y' benchmark:") == (1, "   # Running 'x/y' benchmark:")
    assert quote_depth(" | base | 42 |") == (0, " | base | 42 |")  # a second bar: a table's row
    assert quote_depth("          |--12.50%--do_syscall") == (0, "          |--12.50%--do_syscall")  # a call graph


@pytest.mark.parametrize(("body", "kept"), [
    # another "--" further on: the first one is a separator between sections, the last may still sign off
    ("Intro.\n--\nSection two.\n--\nJane Roe", "Section two."),
    ("Intro.\n--\n" + "".join(f"Line {n} of a long text.\n" for n in range(12)), "Line 11 of a long text."),
])
def test_separator_lines_open_no_signature(body, kept):
    assert [b.kind for b in split_quotes(body) if kept in b.lines] == ["text"]

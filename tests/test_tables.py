"""Benchmark tables end to end: each fixture (tests/data/tables/*.txt, written for these tests in the
layouts people and tools print) gives the comparisons it states, and each fixture under not/ (logs,
listings, single runs, per-CPU breakdowns) gives none."""

from __future__ import annotations

from pathlib import Path

import pytest

from extractors.analysis import analyze_body
from extractors.blocks import split_blocks
from extractors.tables.captions import load_points
from extractors.tables.command_sides import sides_in_commands
from extractors.tables.grid import read_grids
from extractors.tables.listing_grids import counts_failures, numbered_instances
from extractors.tables.pairing import column_kind, row_kind
from extractors.tables.regions import find_regions
from extractors.tables.setups import group_levels, negated_pairs, older_release
from extractors.tables.siblings import caption_side
from extractors.tables.tokens import pipe_tokens, tokens, value_cells

DATA = Path(__file__).parent / "data" / "tables"


def findings(name: str):
    return analyze_body((DATA / name).read_text())


def pairs(name: str) -> list[tuple[str, str, str]]:
    return [(p.label, p.baseline_text, p.patched_text) for t in findings(name).tables for p in t.item.pairs]


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # a header of bar-separated names over space-aligned rows, two swept parameters crossed before the
        # values: the pair of parameters names each row
        ("bar_header_over_crossed_parameters.txt", [("4KB, 1", "31.2 us", "4.9 us"),
                                                    ("128KB, 2", "240.7 us", "12.2 us")]),
        # columns named "base[pct imp](CV)" over "1.00 [ -0.00]( 1.92)": each cell's change and spread in
        # padded brackets after its value, under "Test : name" lines parted from the column names by a rule;
        # the numeric row labels ("128") stay labels
        ("cells_printing_change_and_spread.txt", [("16-pairs", "1.00 [ -0.00]( 3.05)", "0.72 [ 28.14](10.30)"),
                                                  ("128", "1.00 [  0.00]( 0.70)", "0.90 [ -9.85]( 0.48)")]),
        # a line per side under "Command: ..." / "Number of Threads: ..." settings, once per command: the
        # groups are the rows of one table, named by the first setting
        ("settings_lines_over_each_group.txt", [("Command: ./pipebench 8", "41.25", "38.70"),
                                                ("Command: ./pipebench 32", "162.4", "150.8")]),
        # arrow records whose names hold a size before their colon ("32B key:"): the size names the row
        ("sizes_named_before_a_colon.txt", [("- 32B key:", "~410ns", "~95ns"), ("- 4KB key:", "~8120ns", "~1730ns")]),
        # two numbered runs ("Util1 | Util2") with the change between them printed right after: the change
        # says the two are the runs compared; the comment mark before perf's column names is no name's part
        ("numbered_runs_before_a_difference.txt", [("btrfs-transacti [kernel.kallsyms] memcpy_orig", "812,400,120",
                                                     "798,015,300")]),
        # three releases in the rows of a group under each call's caption: the oldest is what each later
        # release is measured against
        ("releases_in_rows_under_captions.txt", [("- v6.6", "100%", "131%"), ("- v6.9-rc2", "100%", "104%")]),
        # one row per second of a run, numbered by a counter column: the counter names the sample, and the
        # unit every column shares ("MB/s") leaves the setups' names
        ("samples_numbered_by_second.txt", [("1", "812.4", "1402.7"), ("5", "840.0", "1420.5")]),
        # each side's name over its own "real 3m12s" label and value, as `time` prints them side by side
        ("sides_named_over_their_own_labels.txt", [("real", "3m12.400s", "3m05.120s"), ("sys", "9m55.010s", "9m40.330s")]),
        # column names a blank line above the rows, the label column's own name beside them
        ("column_names_a_blank_line_above.txt", [("8KB", "7", "6.5"), ("32KB", "20.4", "16.1")]),
        # a test's "# name: value" diagnostics under a line per side, the first in a paragraph's last sentence
        ("test_diagnostics_under_side_lines.txt", [("bench_small", "9120 ops/s", "9205 ops/s")]),
        # a caption typed right under the command, ending in a colon, is no output of the command
        ("captions_right_under_the_command.txt", [("READ bw", "401MiB/s", "225MiB/s")]),
        # the count a command printed between it and its `time` output: "Before:" still names the run
        ("commands_printing_a_count_over_time_runs.txt", [("real", "0m2.310s", "0m0.412s")]),
        # two commands' perf stat runs under "Before ...:" and again under "After ...:" (perf's older
        # "task-clock (msec)"): the runs pair by position, the second's option in its rows' names
        ("two_commands_under_each_side.txt", [("seconds time elapsed", "3.110200500", "3.640100200"),
                                              ("cycles (--direct=1)", "32500200", "32790500")]),
        # setups each stating one figure in the same words, the base named first: rows of one table
        ("setups_stating_one_figure_each.txt", [("v3", "14 cycle", "17 cycle"), ("v4", "14 cycle", "15 cycle")]),
        # the later run's caption says it is after the author's change, the earlier's names no side
        ("later_run_after_my_switch.txt", [("T:0 Max", "131", "104"), ("T:1 Max", "74", "81")]),
        # "# clean tree" / "# with patches" over time_bench lines the mail client wrapped: comments, no
        # root shell's commands, naming each run
        ("comment_lines_naming_each_run.txt", [("page_alloc_fast_path step:0 cycles", "11", "12"),
                                               ("page_alloc_fast_path step:0 ns", "4.101", "4.562")]),
        # a box whose top border is a rule of underscores, as a list footer opens: the rows under it are cells
        ("box_with_underscore_top_border.txt", [("1", "1210", "1302"), ("8", "8120", "9011")]),
        # column names printed once, "without the fix:" / "with the fix:" right over each side's row
        ("names_printed_once_over_side_captioned_rows.txt", [("1 App Overhead", "201544", "120880")]),
        # `time` run on two builds whose paths name them ("./base/nft", "./patched/nft")
        ("commands_naming_their_builds.txt", [("real", "0m12.310s", "0m1.902s"), ("sys", "0m9.870s", "0m1.240s")]),
        # hyperfine invoked once per build: its "Benchmark 1: command" header names each run
        ("hyperfine_invoked_once_per_build.txt", [("mean", "7.912 s ±  0.041 s", "2.655 s ±  0.027 s")]),
        # the side named in the paragraph's line above its last ("... with your patches applied." over
        # "The server still runs the old build:")
        ("side_named_in_the_paragraph_line_above.txt",
         [("readers: Children see throughput", "3101774.25", "3920455.00")]),
        # runs of the same tool under captions: rows pair by position, the "with the patch" run is patched
        ("runs_under_captions.txt", [("1 IOPS", "3.21M", "3.52M"), ("3 BW", "1.56GiB/s", "1.73GiB/s")]),
        # columns named by configuration: vanilla is the baseline, "patched" the patched side
        ("box_configurations.txt", [("read1x1", "5120", "5410"), ("read8x32", "31002", "33871")]),
        # a configuration over its metrics: each metric compared between the two groups
        ("two_level_header.txt", [("Min", "310", "322"), ("Avg", "6.387", "5.688")]),
        ("spreads_and_change.txt", [("1x", "48.3120", "47.1033"), ("4x", "180.4431", "175.0022")]),
        # a change column after two unnamed columns: it prints the change from the first to the second
        ("two_columns_and_their_ratio.txt", [("1", "1812", "3520"), ("16", "8840", "24310")]),
        # "base | patched | base | patched" under two groups: each patched column against its own base
        ("groups_of_base_and_patched.txt", [("scan=0", "8120", "15530"), ("scan=0", "290110", "281004"),
                                            ("scan=1", "4410", "6702"), ("scan=1", "288420", "284511")]),
        # two setups in rows over the points of a sweep, once per metric under its caption ("tps", "cpu"):
        # each table compares the setups, never one metric's table with the other's
        ("setups_under_metric_captions.txt", [("mode 256", "30112.0", "41877.3"), ("mode 256", "88.0%", "140%")]),
        # two releases in the rows under a framed title each: the older release is the baseline, the
        # title names what they measured
        ("releases_under_framed_titles.txt", [("sequential write, thin volume", "64.0 MB/s", "18.4 MB/s"),
                                              ("sequential write, linear over SSD", "412.0 MB/s", "301.5 MB/s")]),
        # "Before"/"After" lines, each a figure and the setup it ran on as tags ("disks:4"): the figures
        # compare, the tags are no measurement
        ("side_lines_tagged_with_their_setup.txt", [("After", "1480MB/s", "1512MB/s"), ("After", "733MB/s", "741MB/s")]),
        # a "Before:" and an "After:" line under a caption per machine: one table, a row per machine
        ("side_lines_under_setup_captions.txt", [("Small ARM board (crc32 in software)", "96 MB/s", "131 MB/s"),
                                                 ("Large x86 server (crc32 with pclmul)", "840 MB/s", "905 MB/s")]),
        # names padded with tabs up to one column of colons: one grid; each "Base <fs>" row is the
        # baseline of the row after it, which names the same file system beside the change
        ("names_padded_to_the_colons.txt", [("Batched commit on btrfs", "412 MiB/s", "468 MiB/s"),
                                            ("Batched commit on xfs", "455 MiB/s", "470 MiB/s")]),
        # a change in brackets beside each value of a bar table, nil in one column: that column is the
        # baseline, and every column printing its change against it is a setup ("-util" names no metric)
        ("changes_beside_each_setup_in_pipes.txt", [("mean score", "1000.0", "1050.0"), ("mean score", "1000.0", "990.0"),
                                                    ("mean latency [us]", "80.00us", "72.00us"),
                                                    ("mean latency [us]", "80.00us", "84.00us")]),
        # side lines that also name what their caption names ("Stock btrfs" under "On btrfs:"): one table,
        # its columns the sides the groups share
        ("side_lines_naming_their_caption.txt", [("On btrfs (SATA SSD)", "5120", "3310"),
                                                 ("On ext4 (SATA SSD)", "48", "35")]),
        # lettered cases, each heading its side lines inside the block: a row per case
        ("side_lines_under_lettered_cases.txt", [("A) Copy of 4 files of 1G into one directory - jobs = 1", "12", "10"),
                                                 ("B) Copy of 16 files of 1G into 16 directories - jobs = 16",
                                                  "90412", "88120")]),
        # a setting at two values over the columns ("nice 0 | nice -10"), spreads opened right after each
        # value; and a table whose columns nobody named, with the change between them printed last
        ("setting_values_over_spread_cells.txt", [("1", "2.104(+/- 2%)", "1.998(+/- 1%)"),
                                                  ("8", "2.455(+/- 1%)", "2.301(+/- 1%)"),
                                                  ("1", "1.900(+/- 12%)", "1.330(+/- 4%)"),
                                                  ("8", "1.400(+/- 3%)", "1.120(+/- 3%)")]),
        # fio's latency and summary lines pasted per run under "With X:" / "Without X": without is the baseline
        ("fio_summaries_without_and_with.txt", [("lat avg", "47.95", "22.40"), ("READ bw", "98.7MiB/s", "212MiB/s")]),
        # sampled runs under "Before:" and "and after:" with a remark between them: one comparison
        ("sampled_runs_parted_by_prose.txt", [("1 IOPS", "41.20M", "44.02M"), ("3 BW", "20.15GiB/s", "21.52GiB/s")]),
        # the settings a sampling tool echoes above its samples are its own: the captions above name the runs
        ("sampled_runs_under_echoed_settings.txt", [("1 IOPS", "1.21M", "1.48M"), ("2 BW", "595MiB/s", "727MiB/s")]),
        # "[before]" / "[after]" name the rows below them; a row's first phrase is its name, whatever
        # number it opens with ("16k cluster + zstd,3 + packed")
        ("bracketed_captions_over_phrase_labels.txt", [("16k cluster + zstd,3 + packed", "512M", "405M"),
                                                       ("16k cluster + zstd,3 + packed + dedupe", "471M", "377M")]),
        # columns a mail client spaced with no-break spaces
        ("columns_of_no_break_spaces.txt", [("bandwidth", "412 MiB/s", "868 MiB/s"), ("clat (usec)", "38.1", "17.9")]),
        # a box whose every row the mail client wrapped: the border still counts the columns; the "diff"
        # row is the table's own change, no setup measured
        ("box_rows_wrapped_by_the_client.txt", [("Average (ms)", "4120", "3380"), ("Average (ms)", "2630", "2010")]),
        # rows whose author's indentation grew with the numbers: one value per column, in order
        ("rows_typed_off_their_columns.txt", [("1", "6.20", "6.12"), ("4096", "6410.90", "6001.33")]),
        # rows named by configuration, compared column by column
        ("rows_are_configurations.txt", [("Avg", "41602.4", "43901.8"), ("Median", "41633", "43870")]),
        # a setting off ("NOTSO") against on ("TSO"), paired by the rest of the label
        ("negated_rows.txt", [("TSO cubic 1q avg", "210.9975", "188.45"), ("TSO cubic 4q avg", "402.04", "353.4775")]),
        # an archive squeezed the spaces: cells in order, header words name them
        ("squeezed_columns.txt", [("1x", "21543.2500", "22890.1250")]),
        ("time_per_kernel.txt", [("real", "3m12.510s", "2m58.204s"), ("sys", "9m40.052s", "7m12.447s")]),
        ("summary_line_per_run.txt", [("1 Files/sec", "10230.4", "11002.8"), ("8 Overhead", "125102", "123771")]),
        # a markdown table: columns are the cells between bars, a remark in brackets is not a value
        ("markdown_pipes.txt", [("1", "412.5", "418.0"), ("4", "1210.7", "1502.2")]),
        # printf columns that outgrew their width and touch: split at the table's two decimals
        ("glued_columns.txt", [("1 Ops per Minute", "4410.23", "4632.10"), ("32 Sys Time", "57.88", "55.12")]),
        ("settings_above.txt", [("psync x1", "3683", "3564"), ("libaio x8", "22498", "18837")]),
        # kernels named by version over a word line: a header, however many digits it has
        ("version_header_over_words.txt", [("User", "1012.44", "1009.81"), ("Elapsed", "231.90", "219.36")]),
        # box borders drawn with "x" corners are rules: the metric line under them names the columns
        ("box_with_x_corners.txt", [("KIOPS", "412", "436"), ("Lat(usec)", "77.62", "73.35")]),
        # two variants of one thing ("locked list" / "RCU list") under a title over both columns
        ("variants_under_a_title.txt", [("1", "1210330", "998112"), ("16", "2899015", "7730214")]),
        # "Final, nr_hw_queues=4 in the driver:" heads rows of its own, though it holds a number
        ("heading_with_a_setting.txt", [("none sched column 1", "1510K IOPS", "1544K IOPS"),
                                         ("kyber sched column 2", "911K", "1002K")]),
        # cells that print their values with a name ("BW=2210MB/s") under names shifted to the left
        ("named_cells_under_shifted_names.txt", [("READ", "2210MB/s", "3348MB/s"), ("WRITE", "951MB/s", "1433MB/s")]),
        # the same rows printed once per kernel under a list item each: the kernels are the setups, the
        # rows ("write", "read") the same calls measured in each, never two setups themselves
        ("rows_repeated_per_kernel.txt", [("write total (msec)", "1830.410", "2410.552"),
                                          ("read calls", "998120", "997410")]),
        # a switch off and on in the rows, each over the same points of a sweep: point against point
        ("switch_per_row_sweep.txt", [("on QD 4 Latency", "14.92us", "11.35us"), ("on QD 16 IOPS", "260300", "371900")]),
        # runs that name their side in every label ("poll-off-1", "poll-on-1"): run against run
        ("runs_naming_their_side.txt", [("poll-off-2.fio:  read IOPS", "1498k", "2251k"),
                                        ("poll-off-1.fio:  read BW", "5905MiB/s", "8711MiB/s")]),
        # every column but one prints its change beside its values, glued or not: the changes are
        # against that one, the baseline
        ("changes_beside_values.txt", [("64", "41.2 MB/s", "30.1 MB/s"),
                                       ("4096", "1.92 GB/s", "2.10 GB/s")]),
        # every column printed as a ratio to the first, which reads 1.00 in each row: the first is the
        # baseline; "~" (no change) pairs nothing
        ("ratios_to_first_column.txt", [("pgbench", "1.00", "0.91"), ("pgbench", "1.00", "1.04"),
                                        ("hackbench", "1.00", "1.12"), ("hackbench", "1.00", "0.87"),
                                        ("netperf", "1.00", "1.02"), ("netperf", "1.00", "0.95")]),
        # the same with setups in the rows: the one row without a change is the reference
        ("reference_row_with_changes.txt", [("b. nested cgroup", "18250.4", "9821.3"),
                                            ("d. nested + (X+Y)", "18250.4", "17031.9")]),
        # a setting at two values over statistics of one measurement: the rows are the two setups
        ("setting_at_two_values.txt", [("Min", "1210", "1322"), ("Avg", "1240.2", "1347.5")]),
        # one metric under a name per column: the names are setups; a value no cell reads ("100%*4")
        # at the end of each row is no row label
        ("one_metric_under_two_names.txt", [("32", "201400", "254980"), ("4", "60375", "58112")]),
        # columns named by kernel release are kernels compared, whatever the text around them says
        ("release_columns.txt", [("xor: avx", "24012 MB/s", "13377 MB/s")]),
        # one setting at two values over the columns of a box: two setups
        ("setting_columns_in_a_box.txt", [("4KB randread", "210MB/s", "388MB/s"), ("128KB read", "1900MB/s", "2150MB/s")]),
        # each metric at two values of one setting ("randread (merge=off)" / "(merge=on)"): the values are
        # the setups, each metric compared between them; the block sizes in the rows are no setups
        ("metrics_at_two_settings.txt", [("512", "4.12M", "4.30M"), ("64k", "902k", "955k")]),
        # captions whose digits end names ("md0", "/dev/nvme0n1") still name each run's setup
        ("captions_with_device_names.txt", [("READ IOPS", "812K", "455K"), ("WRITE BW", "1359MiB/s", "762MiB/s")]),
        # a first row in a unit only measurements are printed in is a row, not the points of a sweep
        ("measured_first_row.txt", [("throughput", "412 Mib/s", "980Mib/s"), ("iops", "105k", "251k")]),
        # a release name alone over each run ("v6.8" / "v6.8 + patch(v3)") captions it; dot leaders are
        # no part of a row's name
        # the same key on every cell of a header line ("NUMJOBS=1   NUMJOBS=8") names the columns, not a
        # record's fields
        ("tagged_header_cells.txt", [("NUMJOBS=1", "310k iops", "402k iops"), ("NUMJOBS=8", "1.62M iops", "2.05M iops")]),
        # the row that says "before" is the baseline wherever it is printed, its numbers of one scale
        ("before_row_printed_last.txt", [("cycles", "82977", "81240"), ("total", "91278", "89549")]),
        ("runs_named_by_release.txt", [("Setup time column 1", "1.20431 s", "1.19876 s"), ("Wait time column 1", "91.552 s", "40.117 s")]),
        # one metric lettered A and B over two columns (veristat's compare mode): A is the baseline
        ("lettered_runs.txt", [("loop_heavy.bpf.o walk_list", "41210", "20118"),
                               ("tc_filter.bpf.o classify_v6", "15044", "14980")]),
        # a box whose first cell spans two rows, a setting off and on: each row is named by the whole cell
        ("box_with_spanning_cells.txt", [("alpine 3.18 & 3.19 Yes", "512", "301"),
                                         ("debian 12.4 & 12.5 Yes", "1410", "988")]),
        # the command of a run typed again after other commands changed the setup: before and after them
        ("time_rerun_after_command.txt", [("real", "0m1.212s", "0m6.873s"), ("sys", "0m0.790s", "0m3.105s")]),
        # three setups in columns, each also printed as a change against a kernel the table does not show
        ("setups_against_a_reference_row.txt", [("avg", "41822,500", "43105,250"), ("avg", "151032,000", "158100,500")]),
        # a setup's name printed once over the run of metrics measured under it, whatever columns its words sit over
        ("group_names_over_repeated_metrics.txt", [("seq bs 4K", "412k", "530k"), ("rand bs 64K", "1868", "2937")]),
        # a header of single words typed out of line with its columns, word for word over every row's cells
        # (a printed change ending each row): the n-th word names the n-th cell, the settings name the rows
        ("header_words_shifted_over_settings.txt", [("tmpfs N N bs 64K", "30.1k", "66.4k"),
                                                    ("ssd N Y bs 64K", "318", "481")]),
        # a column of settings beside the two sides names the row, as the label does
        ("settings_beside_without_and_with.txt", [("2 Order 2,2", "24.08", "23.91"), ("4 Order 6,10", "0.91", "88.40")]),
        # one metric under two qualifiers with a change after them: the qualifiers are the setups compared
        ("one_metric_in_two_modes.txt", [("md0", "402k", "455k"), ("nvme", "690k", "801k")]),
        # "A  B  gain" printed twice: each run compares its own two columns
        ("two_setups_and_gain_per_run.txt", [("1", "1204", "1830"), ("1", "1850", "1902"), ("16", "6830", "9905")]),
        # the side each run was on, named in a caption the mail client wrapped: the run without the series is the baseline
        ("fio_runs_under_wrapped_side_captions.txt", [("write IOPS", "498", "512"), ("write BW", "7974KiB/s", "8192KiB/s")]),
        # both sides in one cell, in the order a header's "(old/new)" names them, rows parted by blank lines
        ("both_sides_in_each_cell.txt", [("1", "412.5", "455.1"), ("8", "2110", "2398"), ("64", "48.2", "40.1")]),
        # rows parted by blank lines, named by numbers that alone would read as a column of values
        ("numbered_rows_parted_by_blank_lines.txt", [("8", "1804.2", "1950.7"), ("32", "2210.9", "2480.3")]),
        # setups named as code names things, one the other with a word added: variants, not fields
        ("setup_names_written_as_code.txt", [("score", "1402.3", "1411.9"), ("frame_time", "16.52", "16.31")]),
        # two implementations over a swept size, a row printing some results in a larger scale
        ("two_setups_over_sizes_in_mixed_scales.txt", [("size 1024", "880 MB/s", "910 MB/s"),
                                                        ("size 16384", "990 MB/s", "1.9 GB/s")]),
        # two columns named as a quantity each, and a change column their values bear out: what is compared
        ("two_quantities_and_their_change.txt", [("1", "42", "38"), ("64", "2204", "2410")]),
        # kernels named as their source trees are: the older release is the baseline
        ("releases_named_by_source_tree.txt", [("qemu x86_64", "4.1s", "4.0s"), ("qemu arm64", "6.3s", "9.8s")]),
        # "original" names the baseline where "new" names the same rows beside it, row for row
        ("original_and_new_rows.txt", [("new small", "210 MB/s", "305 MB/s"), ("new large", "198 MB/s", "322 MB/s")]),
        # headings underlined, each over a run of "test: field: value" lines a note without a number cuts
        ("underlined_headings_over_runs.txt", [("getpid syscall", "90 nsec/call", "88 nsec/call"),
                                               ("time vdso", "14 nsec/call", "6 nsec/call")]),
        # two rows both named as patched kernels, one the other with a patch added: the one it extends is the
        # baseline, and a label with a "+" in it is a row's name
        ("setup_with_a_patch_added_in_rows.txt", [("", "180210 KB/s", "355120 KB/s")]),
        # a pipe table whose header, rule and rows a mail client that writes HTML parted by blank lines
        ("pipe_table_double_spaced.txt", [("64", "31", "27"), ("4096", "102", "99")]),
        # a stray line of a sampling tool's form under the rows of the second run leaves them a table
        ("stray_tool_line_after_rows.txt", [("rand read,  4KB IOPS", "20.1k", "21.3k"),
                                            ("seq read,  64KB BW", "95.0MiB/s", "101MiB/s")]),
        # tab-separated cells under a header whose tabs land on other stops: the i-th cell of each line
        ("tab_stops_of_another_width.txt", [("record size 4k", "388 MB/s", "402 MB/s"),
                                            ("record size 64k", "530 MB/s", "1.3 GB/s")]),
        # a number one space after a row's words, columns spaced wide: the end of the row's name
        ("number_ending_a_row_name.txt", [("memcpy to device 16 bytes", "3.3 GB/s", "4.4 GB/s")]),
        # "N loops in T sec: V usec / loop (name)": the name in brackets names the row, the counts do not
        ("name_in_brackets_after_the_value.txt", [("anon", "23641.509 usec", "12582.914 usec"),
                                                  ("shmem", "7357.353 usec", "3595.255 usec")]),
        # a row of shares under two runs, each the one's change against the other: the runs are compared
        ("share_row_under_two_runs.txt", [("256", "1950210", "2125729"), ("1024", "1201133", "1561473")]),
        # "-- numjobs=1 : IOPS = ...": the setting opening each line names its row, under captions of the sides
        ("setting_opening_unnamed_lines.txt", [("numjobs=8 IOPS", "655K", "702K")]),
        # perf bench runs pasted with a bar before each line, a setup line naming what it created: read whole
        # a setting's "key=value" in a cell between bars names the row, not a record's field
        # the sides named under each metric's group: each metric compared between its own two columns
        ("sides_under_each_metric_group.txt", [("8", "11.30", "9.02"), ("8", "0.031", "0.014")]),
        # sizes rising through the rows in the units printed label them; a change noted after a row is no name
        ("change_notes_after_rows.txt", [("256KB", "90.004 us", "71.550 us"), ("1MB", "301.876 us", "222.905 us")]),
        # a "Case: ..." line heading each Before/After group, the groups in one kind of unit: one table
        # whose rows the headings name
        ("headed_side_lines_per_case.txt", [("4KB, guest to host", "8.12 Gb/s", "9.40 Gb/s"),
                                            ("64B, guest to host", "410.5 Mb/s", "522.3 Mb/s")]),
        # two ways of doing each operation, one row right after the other: the first way is the baseline
        ("two_ways_of_each_operation.txt", [("send by ring pps", "612,440", "4,981,005"),
                                            ("receive by ring pps", "844,912", "3,102,770")]),
        # a numbered setting heading each old/new group names its row, with the setting's name
        ("numbered_settings_over_old_new.txt", [("queue depth 1", "412 ns", "305 ns"),
                                                 ("queue depth 32, polled", "150 ns", "149 ns")]),
        # the caption right above each group of side lines, the first group's too: one table of all groups
        ("captions_above_each_group_of_sides.txt", [("1st 20 runs", "2.911 uSec/loop", "2.870 uSec/loop"),
                                                     ("Runs 40 to 60", "3.990 uSec/loop", "3.310 uSec/loop")]),
        # each column's change against the first printed in "pct": the first column is the baseline
        ("changes_in_pct_against_the_first_column.txt", [("8", "15.50", "17.05"), ("64", "180.20", "181.10")]),
        ("pipe_rows_named_by_settings.txt", [("smp.parallel=1", "812.4", "301.2")]),
        ("perf_bench_pasted_with_bars.txt", [("Total time", "0.412", "0.198"),
                                             ("usecs/op", "322.187500", "154.687500")]),
        # rows printing each change as an arrow from the old figure to the new, a ratio noted after some
        ("arrow_rows_under_captions.txt", [("16 entries", "~75ns", "~41ns"), ("256 entries", "~910ns", "~301ns")]),
        # ... after a bullet and the size each row ran with, the statistic named before the figures: the size
        # names the row, however it reads as a number
        ("arrow_rows_after_the_size_they_ran_with.txt", [("128B", "~210ns", "~95ns"),
                                                          ("1M", "~540100ns", "~190400ns")]),
        # "name: figure -> figure" lines with single spaces: the arrow parts the two values of each row
        ("named_rows_with_arrows.txt", [("randread:", "410 MB/s", "472 MB/s"), ("seqread:", "1890 MB/s", "1920 MB/s")]),
        # fio's group lines wrapped by the mail client at their decimal repeats: each run read whole
        ("fio_group_lines_wrapped.txt", [("WRITE bw", "1204MiB/s", "1391MiB/s")]),
        # two lone runs, one captioned as the parent commit's: the other is the commit's own
        ("runs_at_a_commit_and_at_its_parent.txt", [("WRITE bw", "1310MiB/s", "902MiB/s")]),
        # a change column named over three lines ("Batched" / "vs." / "Unbatched"), and counters under a
        # rule after a blank line, in the same columns but with no change of their own: one table
        ("ruled_sections_under_a_three_line_header.txt", [("Write throughput (MB/s)", "2,210", "2,655"),
                                                          ("nr_merged", "3,102", "1,877")]),
        # a tree snapshotted by date beside a series revision: the tree is the baseline, the revision patched
        ("series_revision_beside_a_dated_tree.txt", [("real_sec", "512.40", "488.95")]),
        # implementations of one function, one per line: the generic one is what the others replace
        ("implementations_against_the_generic_one.txt", [("avx2", "512 cycles", "301 cycles"),
                                                         ("avx512", "512 cycles", "266 cycles")]),
        # cells that print a bound ("<35 ns") hold the bound's figure
        ("bounded_cells_in_a_box.txt", [("CLK0", "412 ns", "<35 ns")]),
        # one metric after a side word in each column's name ("Current p50 lat" / "Batched p50 lat")
        ("side_word_before_the_metric_in_each_name.txt", [("16", "790us", "601us")]),
        # long row names wrapped inside their column, under rows a blank line apart: each name whole, and the
        # column names a blank line and a rule above the rows, beside the name of the label column
        ("row_names_wrapped_under_their_rows.txt", [
            ("1. Cycles spent in hash_update() while mounting (6 calls)", "51234", "23011"),
            ("3. Cycles spent in derive_key() at mount time", "18210", "24410")]),
        # records of a change printed with an arrow glued to both figures, each after a bullet and a colon
        ("arrow_records_glued_to_their_figures.txt", [("- Sequential data:", "2.915 s", "802.3 ms")]),
        # a tool's two runs whose headers differ by a space ("usr time" / "usrtime"): one table printed twice
        ("tool_runs_whose_headers_differ_in_spacing.txt", [("ramfs bogo ops", "801234", "190552")]),
        # "Test : name" banners over a table of kernels in rows, one named like a tree ("sched/next"), and
        # over columns named "base (CV)" whose bracketed spread may exceed the normalized value beside it
        ("spread_columns_named_apart_from_setups.txt", [("time", "1.00", "0.62 [38.00]"),
                                                        ("8", "1.00 (1.85)", "0.96 (1.32) [ -4%]")]),
        # fio's group lines cut down to one "READ: bw=" field, under "before:" and "after:"
        ("side_headings_over_keyed_group_lines.txt", [("READ bw", "301MiB/s", "455MiB/s")]),
        # the same runs printed under two underlined kernel names, one the other's release with a local
        # version added: the plain release is the baseline, each run against the same run under the other
        ("runs_under_two_underlined_kernels.txt", [("Threads=96 Total Rate", "1,102 kop/s", "1,530 kop/s"),
                                                   ("Threads=48 Percpu Rate", "42 kop/s", "51 kop/s")]),
        # ... and with a paragraph between the two sections, each run after its command line
        ("tool_runs_under_underlined_kernel_headings.txt", [("real", "4m10.512s", "3m58.204s"),
                                                            ("sys", "8m40.050s", "8m15.330s")]),
        # two runs of a tool compared in the one field each prints: a table, as the tool's output is
        ("one_field_of_two_tool_runs.txt", [("seconds time elapsed", "0.031250 +- 0.000512", "0.002480 +- 0.000061")]),
        # "--" between sections of a long text parts them; it opens no signature
        ("table_after_a_separator_line.txt", [("8", "40.7", "33.0")]),
        # perf stat pasted without its banner: the elapsed time after the blank line is the run's too
        ("perf_stat_runs_without_banner.txt", [("seconds time elapsed", "2.406613901", "2.273842218"),
                                               ("cycles", "24,118,902,114", "22,730,441,560")]),
        # two runs parted by prose, each opening with the line it printed, the lines apart only in one
        # setting's off and on value; rows named by their second keep the rate's direction
        ("runs_opening_with_a_switch_value.txt", [("1s", "8120MB/sec", "8204MB/sec"),
                                                  ("4s", "4388MB/sec", "8122MB/sec")]),
        # values one space apart after a bar, under a two-level header of sides over workloads
        ("bar_cells_one_space_apart.txt", [("run 1", "410MiB/s", "455MiB/s"), ("run 3", "1221MiB/s", "1391MiB/s")]),
        # `grep | column -t` over each side's runs, a blank line between the sides, each file named by its
        # side ("-off-1", "-on-1") and one side's names a word longer: the k-th run of one against the other's
        ("grep_runs_named_off_and_on.txt", [("plain-polling-off-2.log:  write IOPS", "806k", "1198k"),
                                            ("plain-polling-off-3.log:  write BW", "3183MiB/s", "4726MiB/s")]),
        ("grep_runs_named_off_and_on_in_one_block.txt", [("wr-polling-on-2.log: write IOPS", "806k", "1198k")]),
        # each group's name over the first of its columns only, the label column's own name before them
        ("group_names_over_their_first_column.txt", [("4", "152300", "171900"), ("16", "0.041", "0.040")]),
        # two setups in rows, timed in each phase under columns named by the phases
        ("setups_timed_in_each_phase.txt", [("mkdir", "2m11s", "2m02s"), ("rmdir", "1m48s", "1m57s")]),
    ],
)
def test_tables_pair_baseline_with_patched(name, expected):
    found = pairs(name)
    for pair in expected:
        assert pair in found, (pair, found)


@pytest.mark.parametrize(("name", "sides"), [
    ("grep_runs_named_off_and_on.txt", ("plain-polling-off", "polling-on")),
    ("grep_runs_named_off_and_on_in_one_block.txt", ("wr-default-polling-off", "wr-polling-on")),
    ("group_names_over_their_first_column.txt", ("plain", "batched")),
])
def test_runs_are_named_by_what_their_rows_or_groups_share(name, sides):
    (table,) = findings(name).tables
    assert (table.item.baseline_label, table.item.patched_label) == sides


def test_a_tool_run_again_after_a_change_told_between_is_the_patched_side_whatever_the_text_above_says():
    """The text between two runs of one tool says what the speaker changed: the second run is on the changed
    kernel, though the text above the first tells of a slowdown (the problem the change fixes); the sentences
    around the runs name neither side."""
    (table,) = findings("tool_run_again_after_a_change_told_between.txt").tables
    assert (table.item.baseline_label, table.item.patched_label) == (None, None)
    assert ("3 read iops", "711K", "1006K") in [(p.label, p.baseline_text, p.patched_text) for p in table.item.pairs]


def test_option_strings_asked_for_and_agreed_on_compare_no_runs():
    found = findings("options_asked_and_agreed.txt")
    assert (found.tables, found.results) == ((), ())


@pytest.mark.parametrize("body", [
    # objdump -h's sections before and after: sizes and addresses
    ("The output of:\n\n$ objdump -x drv.ko | grep param\n\nBefore:\n\n"
     " 12 __param_ptrs 00000a38  0000000000000000  0000000000000000  001218b0  2**3\n"
     " 15 __param_strings 00004433  0000000000000000  0000000000000000  00158f60  2**5\n"
     " 31 __param 00010d20  0000000000000000  0000000000000000  00230080  2**5\n\nAfter:\n\n"
     " 12 __param_ptrs 00000a30  0000000000000000  0000000000000000  00122170  2**3\n"
     " 15 __param_strings 000043f3  0000000000000000  0000000000000000  00159860  2**5\n"
     " 31 __param 00010c60  0000000000000000  0000000000000000  00231180  2**5\n"),
    # size(1) with its header cut short: section sizes
    ("\ttext\t   data\t    bss\t    dec\t    hex\tfilenam\nbefore\t1130866  311352     484 1442702  16038e (TOTALS)\n"
     "after\t1127727  311352     484 1439563  15f74b (TOTALS)\n"),
    # size(1)'s totals rows alone, new and old
    ("sizes for an x86-64 defconfig with every driver enabled:\n"
     "new; 1259153\t 121228\t   1910  1382291 151793\t(TOTALS)\n"
     "old: 1259422\t 121228\t   1910  1382560 1518a0\t(TOTALS)\n"),
    # CPU masks per interrupt, before and after: which CPUs, not figures
    "Before:\n\n" + "".join(f"{n}: 00000000,{1 << (n % 8) * 4:08x},00000000\n" for n in range(40, 48)) +
    "\nAfter:\n\n" + "".join(f"{n}: 00000000,00000000,{1 << (n % 8) * 4:08x}\n" for n in range(40, 48)),
    # a build robot's size changes per symbol and commit
    ("| DELTA |   SYMBOL    |        COMMIT        |\n+-------+-------------+----------------------+\n"
     "|  +456 | TOTAL       | 1234abcd..5678ef90 (ALL COMMITS) |\n|  +379 | TEXT        | 1234abcd Merge tag 'v1' |\n"
     "|   +72 | DATA        | 1234abcd Merge tag 'v1' |\n"),
    # two of a program's variables printed with their fields named, before and after a change of hash
    ("Spread of the hash without folding:\n     src_key: max 3 min 0 total_hits 4096  n[1] = 4000\n"
     "     dst_key: max 5 min 2 total_hits 4096   n[1] = 7     n[2] = 2040\n\n"
     "Spread with folding:\n     src_key: max 4 min 0 total_hits 4096  n[1] = 3810 n[2] = 143\n"
     "     dst_key: max 8 min 0 total_hits 6120   n[1] = 1210  n[2] = 1333\n"),
    # a functional check's counts, before and after
    ("Extents of each file:\n\nEmpty file:\nBefore: 0\nAfter: 0\nSparse file (no blocks):\nBefore: 0\nAfter: 0\n"
     "Contiguous file:\nBefore: 1\nAfter: 1\n"),
])
def test_sizes_and_functional_counts_before_and_after_compare_no_runs(body):
    assert analyze_body(body).tables == ()


def test_a_map_of_block_spans_compares_no_runs_but_spans_of_results_do():
    """Spans of whole numbers under a header naming places map a file onto a disk; spans of latencies
    under the sides of a change are the spread of each run."""
    mapped = ("The file maps like this:\n\nfile block(4k)      disk block(4k)\n0-7                 2000-2007\n"
              "8-15                2100-2107\n16-19               2300-2303\n")
    spread = ("Latency ranges:\n\nqd     before(us)    after(us)\n1      100-120       90-110\n"
              "2      130-150       95-115\n4      160-190       99-125\n")
    assert analyze_body(mapped).tables == ()
    assert len(analyze_body(spread).tables) == 1


@pytest.mark.parametrize("captions", [
    ["Q-Depth 1:", "Q-Depth 16:"],
    # a remark on the line above joined to the first caption: the captions are read from their end
    ["(completion latency in usec) Q-Depth 1:", "Q-Depth 16:"],
    ["4 threads", "16 threads"],
])
def test_captions_apart_only_in_a_load_count_are_points_of_a_sweep(captions):
    assert load_points(captions)


def test_a_caption_of_a_lone_w_names_the_patched_run():
    assert (caption_side("w/o"), caption_side("w"), caption_side("w:")) == ("baseline", "patched", "patched")


@pytest.mark.parametrize("captions", [["512 Rx buffers", "1024 Rx buffers"], ["(in usec) Q-Depth 1:", "v6.1:"]])
def test_captions_apart_in_a_setting_or_in_words_are_no_sweep(captions):
    assert not load_points(captions)


def test_a_register_map_read_twice_compares_no_runs():
    # offsets with hex letters name registers: the values are a device's state before and after an event
    found = findings("register_map_before_and_after.txt")
    assert (found.tables, found.results) == ((), ())


def test_a_worked_example_of_a_formula_is_no_table():
    # "cost = 150 * 1000 = 150000" under "old code" and "new code": the example's inputs, not measurements
    assert findings("worked_example_under_old_and_new.txt").tables == ()


def test_runs_under_two_headings_naming_the_sides_are_one_table_paired_in_order():
    (table,) = findings("runs_under_side_headings.txt").tables
    assert [(p.baseline_text, p.patched_text) for p in table.item.pairs if p.label == "READ bw"] == [
        ("1201MiB/s", "1215MiB/s"), ("402MiB/s", "455MiB/s")]
    assert findings("runs_under_side_headings.txt").results == ()


@pytest.mark.parametrize("name", [
    "fields_named_as_in_code.txt",  # columns named as the code names a structure's members
    "two_quantities_in_unknown_units.txt",  # two units printed, neither known: two quantities, not two setups
    "records_of_a_listing.txt",  # records captioned by one field, a value each: instances, not setups
    "values_by_cpu_index.txt",  # a reading per CPU index ("0: 2401234  2: 2403311", no-break spaces): instances
])
def test_fields_of_a_record_are_no_setups(name):
    found = findings(name)
    assert (found.tables, found.results) == ((), ())


def test_a_glued_w_slash_names_the_patched_side_and_a_spread_stays_with_its_value():
    """"w/fix:" is "with the fix" written short, "w/o fix:" its baseline; "+/-38" after a value is its spread."""
    found = analyze_body("Boot-to-login score:\nw/fix:   395  +/-38\nw/o fix: 439  +/-14\n")
    assert [(r.item.baseline_text, r.item.patched_text, r.item.baseline_spread_abs) for r in found.results] == \
        [("439 +/-14", "395 +/-38", 14.0)]


def test_a_rate_spelled_out_after_a_side_value_is_its_unit_and_says_which_way_is_better():
    found = analyze_body("Without the new cache:\t81234 request/sec\nWith:\t\t\t79012 request/sec\n")
    assert [(r.item.unit, r.item.verdict) for r in found.results] == [("request/sec", "worse")]


def test_a_caption_of_a_name_a_colon_and_a_phrase_is_no_header_of_the_rows_below():
    """"Baseline:  stock kernel" names the run under it; its words over the value columns name none of them."""
    body = ("Baseline:  stock kernel only\n4/1    31.5    22.10    65.02\n16/4   160    120.40   512\n\n"
            "With the series:\n4/1    33.0    21.02    61.00\n16/4   171    111.80   478\n")
    (table,) = [t.item for t in analyze_body(body).tables]
    assert (table.baseline_label, table.patched_label) == ("Baseline:  stock kernel only", "With the series:")
    assert [(p.baseline, p.patched) for p in table.pairs][:2] == [(31.5, 33.0), (22.1, 21.02)]


def test_the_sides_of_captioned_groups_are_named_without_the_captions_words():
    (table,) = [t.item for t in findings("side_lines_naming_their_caption.txt").tables]
    assert (table.baseline_label, table.patched_label, table.columns) == ("Stock", "Patched", ("Stock", "Patched"))


def test_side_lines_under_captions_naming_what_was_measured_stay_apart():
    # each caption names a quantity of its own ("Page faults/s"): no row of one table with the other
    found = findings("side_lines_under_metric_captions.txt")
    assert found.tables == ()
    assert [(r.item.baseline_text, r.item.patched_text) for r in found.results] == [("12", "15"), ("0.8", "2.5")]


def test_two_figures_joined_by_a_slash_are_no_sides_unless_a_header_names_them():
    assert findings("slashed_cells_of_two_fields.txt").tables == ()


def test_a_spread_row_under_a_value_is_that_values_spread():
    found = {p.label: p for t in findings("runs_with_a_spread_row.txt").tables for p in t.item.pairs}
    assert "Stdev" not in found
    assert (found["Avg"].baseline_spread_abs, found["Avg"].patched_spread_abs) == (3.05, 1.18)


def test_spread_and_change_rows_of_setup_columns_are_no_measurements():
    assert {label for label, _, _ in pairs("setups_against_a_reference_row.txt")} == {"avg"}


@pytest.mark.parametrize(
    ("name", "direction"),
    [("spreads_and_change.txt", False), ("time_per_kernel.txt", False), ("runs_under_captions.txt", True),
     # "60s runtime" and "--runtime=60" say how long each run took, not that the numbers are times
     ("settings_above.txt", None),
     # the caption right above says "per sec", whatever the paragraph before it speaks of
     ("settings_beside_without_and_with.txt", True)],
)
def test_direction_comes_from_the_tables_words_or_units(name, direction):
    assert findings(name).tables[0].item.higher_is_better is direction


def test_a_title_above_a_bar_table_names_its_metric_and_unit():
    table = findings("markdown_pipes.txt").tables[0].item
    assert (table.metric, table.unit, table.baseline_label, table.patched_label) == (
        "Throughput", "MB/s", "without patch", "with patch")


def test_spread_columns_belong_to_the_value_before_them():
    pair = findings("spreads_and_change.txt").tables[0].item.pairs[0]
    assert (pair.baseline_spread_pct, pair.patched_spread_pct) == (1.2041, 0.9832)
    assert pair.reported_delta_pct == -2.50
    assert pair.verdict == "better"  # lower is better, as the caption says, and outside the spread


def test_a_line_that_opens_by_naming_a_side_captions_the_run_below_it():
    """"Without this patch: psync engine, ..." heads the first run; the job name is no side's name."""
    table = findings("side_named_before_the_setup.txt").tables[0].item
    assert (table.baseline_label, table.patched_label) == ("Without this patch:", "With this patch:")
    assert ("read IOPS", "21.3k", "23.9k") in [(p.label, p.baseline_text, p.patched_text) for p in table.pairs]


def test_a_name_each_run_opens_with_is_nearer_than_the_sentence_above():
    """"- old-server (...)" over its rows names that run; the sentence above and a row the grid left
    out ("randrw(4k): jobs 2, iops read ...") name no side."""
    table = findings("runs_named_in_their_first_line.txt").tables[0].item
    assert (table.baseline_label, table.patched_label) == (
        "- old-server (make test T=img/004)", "- new-server (make test T=img/014)")


def test_each_caption_gives_the_direction_of_its_own_table():
    """"IOPS:" over one table and "LATENCY(us):" over the next: the latency table is better lower, though
    the words around both name a rate first."""
    tables = [t.item for t in findings("metric_in_each_caption.txt").tables]
    assert [(t.metric, t.higher_is_better) for t in tables] == [("IOPS", True), ("LATENCY", False)]
    assert {p.verdict for p in tables[1].pairs[1:]} == {"better"}


def test_a_value_beside_one_row_names_its_run():
    """"32K" printed beside one row of each run (under "gso_max_size") names that run's setup, as a
    name would; it is no label of the rows."""
    table = findings("name_beside_one_row.txt").tables[0].item
    assert (table.baseline_label, table.patched_label) == ("32K", "64K")


def test_one_side_measured_in_two_setups_is_no_comparison_of_the_setups():
    """Each run prints only its "with patchset" row (and its fio settings, numjobs=1 then 4): the runs
    are two workloads on the patched kernel, whose numbers are no baseline for each other; each row
    compares its own two columns."""
    found = findings("one_side_in_two_setups.txt")
    assert not [r for r in found.results if (r.item.baseline_text, r.item.patched_text) in
                (("198k", "577k"), ("1", "4"), ("266k", "702k"))]


def test_a_tag_on_every_cell_is_no_key_of_a_record():
    """"| R:211 | R:240 |" over "| W:198 | W:187 |": read as key=value fields, one value per key would
    be kept (the last column's) and paired across the rows' kernels."""
    assert not [t for t in findings("tagged_cells.txt").tables if t.item.reader == "keyed"]


def test_a_table_that_prints_only_the_change_is_a_table_without_pairs():
    tables = findings("change_only.txt").tables
    assert len(tables) == 1 and tables[0].item.pairs == () and len(tables[0].item.rows) == 3
    # names ending in a number ("Zen 3:") beside names that do not, the changes right-aligned under a
    # caption whose verb says they are changes: one table of four rows
    (table,) = findings("changes_per_machine_right_aligned.txt").tables
    assert table.item.pairs == () and [row.label for row in table.item.rows][::3] == ["Kaby Lake 2", "Graviton 2"]


def test_quantities_without_a_label_over_rows_of_changes_name_the_columns():
    """"200us | 2ms" between two rules, over rows of percentages: the points measured at, not a row."""
    (table,) = [t.item for t in findings("changes_at_two_points.txt").tables]
    assert table.columns == ("200us", "2ms") and table.pairs == ()
    assert [row.label for row in table.rows] == ["Big", "Lit"]


def test_column_names_printed_apart_from_the_rows_head_them():
    """Names a blank line above the rows, a second line of them under the first ("(Baseline)")."""
    (table,) = [t.item for t in findings("names_apart_from_rows.txt").tables]
    assert table.columns == ("Old run (Baseline)", "New run")
    assert [(p.label, p.baseline, p.patched) for p in table.pairs][:1] == [("POLL", 51234, 7342)]


def test_names_after_a_label_colon_head_sequence_rows_whose_changes_stay_with_their_values():
    (table,) = [t.item for t in findings("names_beside_a_label_colon.txt").tables]
    assert table.columns == ("base", "base + knob off", "base + patch")
    assert ("Min (MB/s)", 2105.16, 31216.4) in [(p.label, p.baseline, p.patched) for p in table.pairs]


def test_rows_that_state_their_changes_are_a_table_of_changes():
    """"name: N% faster | M% less energy" per line: each row states its own changes, no pair to compare."""
    (table,) = [t.item for t in findings("stated_changes.txt").tables]
    assert table.columns == ("faster", "less energy") and table.pairs == ()
    assert [row.label for row in table.rows] == ["Blender", "gzip", "Kernel build"]


@pytest.mark.parametrize(("name", "sides", "first"), [
    # the change is compared with what it was applied to, not with an older kernel printed first
    ("patched_after_older_kernels.txt", ("v6.1", "v6.1 + fix"), ("p50", "15", "12")),
    ("runs_of_three_kernels.txt", ("v6.1:", "v6.1 + this series:"), ("read IOPS", "95.1k", "117k")),
    # "base+patch" is the baseline with the patch added
    ("baseline_plus_patch_rows.txt", ("base", "base+patch"), ("ops/s", "38112", "41870")),
    # a column that is another with the patch added, beside a third setup printed first
    ("column_with_the_patch_added.txt", ("POLICY_B", "POLICY_B(with patch)"), ("Bulk Insert(QPS)", "4871.22", "5066.10")),
])
def test_the_patched_side_is_compared_with_what_it_extends(name, sides, first):
    (table,) = [t.item for t in findings(name).tables]
    assert (table.baseline_label, table.patched_label) == sides
    assert (table.pairs[0].label, table.pairs[0].baseline_text, table.pairs[0].patched_text) == first


@pytest.mark.parametrize(("patched", "base", "expected"), [
    ("v6.1 + fix", "v6.1", True), ("v6.1 + this series:", "v6.1:", True), ("base+patch", "base", True),
    ("v6.10", "v6.1", False),  # another release, not the same one with something added
    ("* Returns 0 on success", "*", False),  # a comment's marker names no setup
    ("-git+commit", "-git", True), ("cookie_verf", "cookie", False),
    ("fio fio [.] axmap_isset", "fio fio [.]", False),  # a longer row of a profile listing
    ("K req/s, ~+6%", "K req/s", False),  # a change printed after a name
])
def test_what_a_patched_setup_extends(patched, base, expected):
    from extractors.tables.pairing import adds_to

    assert adds_to(patched, base) is expected


def test_a_side_heading_over_a_tool_banner_names_the_run():
    """"Before:" right over perf's "Performance counter stats for ...": the heading names the run."""
    (table,) = [t.item for t in findings("perf_stat_runs_under_side_headings.txt").tables]
    assert (table.baseline_label, table.patched_label) == ("Before:", "After:")
    assert (table.pairs[0].baseline_text, table.pairs[0].patched_text) == ("1,187.02", "1,093.55")


def test_a_bare_figure_in_brackets_after_a_value_is_its_spread():
    """"101.20 (0.47)" under "average (stddev)": one cell, the value and the spread of its runs."""
    (table,) = [t.item for t in findings("values_with_bracketed_spreads.txt").tables]
    first = table.pairs[0]
    assert (first.label, first.baseline, first.patched) == ("Elapsed Time", 101.2, 97.86)
    assert (first.baseline_spread_abs, first.patched_spread_abs) == (0.47, 0.55)


def test_settings_printed_right_over_each_run_name_its_setup():
    """"... parent=0" / "... parent=1" over two `time` runs: two setups, the first the baseline."""
    (table,) = [t.item for t in findings("settings_over_each_run.txt").tables]
    assert table.baseline_label.endswith("parent=0") and table.patched_label.endswith("parent=1")
    assert (table.pairs[0].label, table.pairs[0].baseline, table.pairs[0].patched) == ("real", 17.412, 19.905)


def test_a_row_named_after_another_with_something_added_is_compared_with_it():
    (table,) = [t.item for t in findings("rows_extending_another.txt").tables]
    assert (table.baseline_label, table.patched_label) == ("cold cache", "cold cache + prefetch")
    assert [(p.label, p.baseline_text, p.patched_text) for p in table.pairs][:1] == [("IOPS", "18.4k", "39.7k")]


def test_a_label_row_between_bars_keeps_the_table_whole():
    """"| stripe |   |   |" over rows of its settings is a row of the table, not its end."""
    (placed,) = findings("label_row_between_bars.txt").tables
    assert (placed.first_line, placed.last_line) == (0, 5)


def test_a_direction_stated_for_one_metric_is_not_the_whole_tables():
    """"higher is better for ops/s, lower for latency": each column keeps its own direction."""
    (table,) = [t.item for t in findings("baseline_plus_patch_rows.txt").tables]
    assert [p.verdict for p in table.pairs] == ["better", "better"]
    assert findings("baseline_plus_patch_rows.txt").claims == ()


def test_two_rows_of_changes_are_no_baseline_and_patched():
    """Percentages under "percent change from ... to ...": each row prints a change, HT is no baseline."""
    (table,) = [t.item for t in findings("changes_in_two_rows.txt").tables]
    assert table.pairs == () and len(table.rows) == 2


def test_a_sweep_named_over_a_word_line_heads_a_table_of_changes():
    """"1 node | 2 node | 4 node" names the setups of the columns, "Contending threads" the rows'."""
    (table,) = [t.item for t in findings("sweep_header_box.txt").tables]
    assert table.columns == ("1 node", "2 node", "4 node") and table.pairs == ()
    assert [row.label for row in table.rows] == ["16", "64", "256"]


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("summary_line_per_run.txt", [("109247.5", "118100.8")]),
        # the change printed beside one side belongs to its statement
        ("change_beside_a_side.txt", [("2204518", "2371120")]),
        # the same words of two setups, each line naming its own first
        ("setups_named_first.txt", [("12.40 watts", "9.85 watts")]),
        # "Before: mean bandwidth: 3120.45 MB/sec": words after the label, then the measurement
        ("statements_ending_in_a_unit.txt", [("3120.45 MB/sec", "3188.02 MB/sec")]),
    ],
)
def test_one_line_per_side_is_an_inline_result(name, expected):
    found = findings(name)
    results = [(r.item.baseline_text, r.item.patched_text) for r in found.results]
    for pair in expected:
        assert pair in results
    assert not any("stdev" in r.item.text and r.item.baseline_text == "2.91" for r in found.results)


@pytest.mark.parametrize(("name", "expected"), [
    ("statements_per_side.txt", [("lat avg", "77.10", "70.42"), ("lat max", "311", "297")]),
    ("group_summary_per_side.txt", [("READ bw", "2048MiB/s", "2391MiB/s")]),
])
def test_a_tools_line_of_several_fields_once_per_side_is_a_table(name, expected):
    """A fio latency or summary line pasted under each side's caption: a tool's before/after blocks,
    however short, are one paired table of its fields (spreads are not compared)."""
    found = findings(name)
    assert found.results == ()
    assert set(expected) <= set(pairs(name)) and not any(label.endswith("stdev") for label, _, _ in pairs(name))


def test_results_are_placed_at_the_baseline_line():
    result = findings("summary_line_per_run.txt").results[0]
    assert result.first_line == 7 and "Total files/sec" in result.item.text


@pytest.mark.parametrize("name", sorted(p.name for p in (DATA / "not").glob("*.txt")))
def test_logs_listings_and_single_runs_are_not_tables(name):
    found = findings(f"not/{name}")
    assert found.tables == () and found.results == ()


def test_a_change_printed_beside_a_side_is_the_results_stated_change():
    (result,) = findings("change_beside_a_side.txt").results
    assert (result.item.delta_pct, result.item.unit) == (7.0, "calls/s")


def test_a_region_of_many_captioned_tables_keeps_a_bounded_context():
    """Every grid of a region is matched against its context, so hundreds of captioned tables in one
    region (a long results mail, a pasted log of runs) must not grow it with each caption."""
    chunk = "run {n}:\n     base   patched\nops  {n}00   {n}10\nlat  {n}1    {n}2\n\n"
    body = "Numbers from the nightly runs:\n\n" + "".join(chunk.format(n=n) for n in range(1, 400))
    regions = find_regions(split_blocks(body), 0)
    assert regions and max(len(region.context) for region in regions) < 2_500
    assert sum(len(region.tables) for region in regions) >= 300  # still one region read whole


def test_a_column_of_changes_is_not_compared_even_when_not_every_change_has_a_sign():
    found = pairs("change_column_unsigned.txt")
    assert ("batching column 1", "412k", "396k") in found
    assert all("%" not in base for _, base, _ in found), found


def test_a_heading_with_a_number_names_its_rows_setup():
    (table,) = [t.item for t in findings("heading_with_a_setting.txt").tables]
    assert (table.baseline_label, table.patched_label) == ("Baseline:", "Final, nr_hw_queues=4 in the driver:")


def test_a_matrix_of_configurations_a_test_passed_or_failed_on_is_no_table():
    """Rows closing in a functional test's verdict ("Passed", "Fail[1]") are cases of a test matrix: their
    figures are the settings of each case, and the lines that differ between cases are no sides."""
    assert not findings("configurations_a_test_passed_or_failed_on.txt").tables


def test_a_tally_of_kinds_under_a_count_column_is_no_table():
    """One column of counts, its rows the kinds counted: a tally, not setups measured against each other."""
    assert not findings("tally_of_kinds_under_a_count_column.txt").tables


def test_counts_of_a_test_suites_outcomes_per_machine_are_no_table():
    """"pass: 700" / "fail: 61" / "skip: 51" under each machine's name: a test bot's summary of the cases
    that passed and failed, not a measurement of one machine against the other."""
    assert not findings("test_outcome_counts_per_machine.txt").tables


def test_fields_glued_to_their_names_are_a_row_each_value_padded_or_not():
    """"mean:5120 stddev:41": a tool's fields, each name glued to its value, one kernel a line; the padding that
    aligns a short value ("stddev: 3") keeps it a field of the row."""
    (table,) = [t.item for t in findings("glued_key_values_per_kernel.txt").tables]
    assert (table.baseline_label, table.patched_label) == ("v6.1", "v6.1+series")
    assert ("mean", 5120.0, 5302.0) in [(p.label, p.baseline, p.patched) for p in table.pairs]


def test_phases_timed_under_previously_and_now_are_the_two_sides():
    """"Previously:" and "Now:" over the same phases, each timed: the runs before and after the change; rows
    named after parts of the kernel ("kernel startup") time a phase, they do not describe the machine."""
    (table,) = [t.item for t in findings("phase_times_previously_and_now.txt").tables]
    assert (table.baseline_label, table.patched_label) == ("Previously:", "Now:")
    assert ("image copy", 0.812, 0.051) in [(p.label, p.baseline, p.patched) for p in table.pairs]


def test_a_run_printed_with_its_change_pairs_with_the_run_above_it_on_each_machine():
    """"with the fix:" rows carry their speed-up as one more column, which "current:" has not: one table per
    machine, each patched run against the current run printed right above it."""
    tables = [t.item for t in findings("runs_with_their_change_per_machine.txt").tables]
    assert [[(p.label, p.baseline, p.patched) for p in t.pairs] for t in tables] == [
        [("probe-empty", 2.1, 2.52), ("probe-args", 1.9, 2.09)], [("probe-empty", 1.0, 1.05), ("probe-args", 0.8, 0.88)]]


def test_runs_under_a_kernel_and_under_the_kernel_with_a_series_are_the_two_sides():
    """"6.9-rc2:" names no side, but "6.9-rc2 with this series:" adds the change to it: the first section's runs
    are the baseline of the second's, each command's run against the same command's."""
    (table,) = [t.item for t in findings("dd_runs_under_a_kernel_and_the_kernel_with_a_series.txt").tables]
    assert (table.baseline_label, table.patched_label) == ("6.9-rc2:", "6.9-rc2 with this series:")
    assert [(p.baseline, p.patched) for p in table.pairs if "rate" in p.label] == [(45.5, 46.3), (81.3, 244.0)]


def test_the_fields_of_numbered_items_of_a_list_are_no_table():
    """"Pattern 1:" / "Pattern 2:" over the same fields: items of a list counted from 1, instances of one
    thing, not setups one of which is the baseline of the other."""
    assert not findings("fields_of_numbered_items_of_a_list.txt").tables


def test_versions_raised_under_a_heading_of_versions_are_no_table():
    """"Version changes" over "X from 2.1 to 2.2": the releases of specs, not figures measured; runs of the
    old and new versions are measurements, whatever the heading over them says."""
    assert not findings("spec_versions_raised.txt").tables
    assert pairs("runs_of_two_versions.txt") == [("read", "1234", "1500"), ("write", "980", "1102")]


def test_a_legend_of_codes_is_no_table():
    """"01 = sized run (12 bytes)": a code and its meaning, not a row of numbers."""
    assert read_grids(["         01 = sized run (12 bytes)", "         10 = any run (12 bytes)"]) == []


def test_a_setting_at_two_values_names_each_side_and_a_sweep_pairs_nothing():
    tables = findings("setting_at_two_values.txt").tables
    assert [(t.item.baseline_label, t.item.patched_label) for t in tables] == [("nr_slots 8", "nr_slots 64")]
    assert "Stddev" not in {p.label for p in tables[0].item.pairs}


def test_a_unit_in_brackets_is_not_a_change_column():
    """"CPU used (%)" names its unit; a bare "%" header is a change column."""
    assert column_kind("CPU used (%)") == "metric" and column_kind("%") == "change" and column_kind("(%)") == "change"


def test_a_title_over_all_columns_is_no_column_name():
    (table,) = [t.item for t in findings("variants_under_a_title.txt").tables]
    assert table.columns == ("locked list", "RCU list")
    assert (table.baseline_label, table.patched_label) == ("locked list", "RCU list")


def test_cells_read_a_unit_after_the_number_however_spaced():
    line = "| 34 MIOPS  | 42.2  MIOPS |"
    rate = "8309 k/s"
    assert [v.value for _, v in value_cells(pipe_tokens(line))] == [34, 42.2]
    assert [(t.text, v.value) for t, v in value_cells(tokens(rate))] == [("8309 k/s", 8309000)]


def test_a_column_named_with_its_cells_parts_is_named_by_its_word():
    """"base[pct imp](CV)" names the column "base" (the brackets say what each cell prints beside its
    value), so it is the baseline; "(with patch)" glued to a name is no part of a cell, and stays."""
    tables = [t.item for t in findings("cells_printing_change_and_spread.txt").tables]
    assert [(t.baseline_label, t.patched_label) for t in tables] == [("base", "fix-a")] * 2
    assert column_kind("base[pct imp](CV)") == "baseline" and column_kind("util(with patch)") == "patched"


def test_a_change_after_a_comma_belongs_to_its_value():
    """"After: 4388.1, +6.5%" is one value and its change against "Before:", not a row of two values
    that leaves the baseline row (one value) out. The groups, one per governor, are the rows of one table."""
    tables = [t.item for t in findings("change_after_a_comma.txt").tables]
    assert [(t.baseline_label, t.patched_label) for t in tables] == [("Before", "After")]
    assert [(p.label, p.baseline_text, p.patched_text, p.reported_delta_pct) for t in tables for p in t.pairs] == \
        [("ondemand", "4120.5", "4388.1", 6.5), ("powersave", "3310.7", "3302.9", -0.2)]


def test_figures_printed_before_their_units_pair_under_the_side_captions():
    """"4.1027 usec/loop" and "87.4 watts" lines are one run's results, named by their units, as
    "Power: 87.4 W" would be: the two captioned runs compare them line by line."""
    (table,) = [t.item for t in findings("figures_then_units.txt").tables]
    assert (table.baseline_label, table.patched_label) == ("Before the series, average:", "After the series, average:")
    assert [(p.label, p.baseline, p.patched) for p in table.pairs] == [
        ("usec/loop", 4.1027, 4.048), ("watts", 87.4, 87.1), ("C1 residency", 12.31, 13.025)]
    assert table.pairs[1].baseline_text == "87.4 watts"


def test_a_sentence_wrapped_before_its_last_figure_is_prose():
    """"188 MB/s." on a line of its own ends a sentence: the sentence states the result, no table does."""
    found = findings("sentence_ending_in_a_figure.txt")
    assert found.tables == ()
    assert [(r.item.baseline, r.item.patched) for r in found.results] == [(41, 188)]


def test_fio_output_pasted_without_its_indentation_is_still_fio():
    """fio 2.x output at the left margin: its "| 1.00th=[" percentile rows are no bar quotation, and a
    disk line wrapped after a comma ("in_queue=30380," / "util=86.12%") keeps the run in one region."""
    (table,) = [t.item for t in findings("fio_runs_without_indentation.txt").tables]
    assert (table.baseline_label, table.patched_label) == ("Output without the patch:", "Output with the patch:")
    pairs = {p.label: (p.baseline, p.patched) for p in table.pairs}
    assert pairs["read IOPS"] == (20308, 22529) and pairs["read clat 99.99th"] == (16320, 14784)
    assert all(not t.quoted for t in findings("fio_runs_without_indentation.txt").tables)


def test_a_sweep_header_names_its_parameter_and_spreads_stay_with_their_values():
    """"queue depth 1 2 4 8" over kernels is a sweep over the columns; "402.7K (2.1K)" is one value and
    its spread, printed as two columns under one header number."""
    (table,) = [t.item for t in findings("sweep_header_with_spreads.txt").tables]
    assert (table.baseline_label, table.patched_label) == ("v6.9-rc3", "patched")
    assert [(p.label, p.baseline, p.patched) for p in table.pairs] == [
        ("queue depth 1", 402700, 410200), ("queue depth 2", 733000, 802900),
        ("queue depth 4", 1210500, 1399800), ("queue depth 8", 1808300, 1874000)]
    assert table.pairs[0].baseline_spread_abs == 2100


def test_a_sweep_printed_once_per_side_pairs_each_point():
    """"numjobs | 1 | 2 | 4" heads each captioned run: the pairs name the metric and the sweep's point."""
    (table,) = [t.item for t in findings("sweep_per_caption.txt").tables]
    assert (table.baseline_label, table.patched_label) == ("without the series", "with the series")
    pairs = {p.label: (p.baseline, p.patched) for p in table.pairs}
    assert pairs["IOPS numjobs 1"] == (312000, 335000) and pairs["IOPS numjobs 4"] == (1020000, 1190000)
    assert pairs["sys CPU numjobs 2"] == (44, 40)


def test_a_sweep_header_named_as_a_script_variable_pairs_each_size():
    """"BS_SIZE 512 4K 16K 64K" under a rule heads the columns: the sizes are the sweep's points, and the
    direction comes from the unit in the sides' own labels ("base (KIOPS)"), whatever the text above says."""
    (table,) = [t.item for t in findings("sweep_header_variable_name.txt").tables]
    assert [(p.label, p.baseline, p.patched) for p in table.pairs] == [
        ("BS_SIZE 512", 2210, 2304), ("BS_SIZE 4K", 2190, 2287), ("BS_SIZE 16K", 1720, 1902),
        ("BS_SIZE 64K", 905, 1104)]
    assert table.higher_is_better is True and {p.verdict for p in table.pairs} == {"better"}


def test_runs_printed_with_their_change_against_the_first_are_siblings():
    """The first run's table, then each other run's with a "Diff" column appended: one comparison of the
    runs, row by row, the message-size column a point of the load and no setup of its own."""
    (table,) = [t.item for t in findings("runs_with_change_column.txt").tables]
    assert (table.baseline_label, table.patched_label) == ("Plain sends, no batching:", "Same setup, batching turned on:")
    pairs = {p.label: (p.baseline, p.patched, p.verdict) for p in table.pairs}
    assert pairs["4096 usec"] == (2740, 1830, "better") and pairs["4096 Tput"] == (3950e6, 5890e6, "better")
    assert pairs["64 RPS"] == (810e3, 820e3, "better") and len(pairs) == 6


def test_sizes_heading_the_columns_over_before_and_after_pair_each_size():
    """"16K 32K 128K" with nothing naming the parameter: each column is still one point of the sweep."""
    assert pairs("sizes_over_sides.txt") == [("16K", "1510", "1533"), ("32K", "1322", "1390"),
                                             ("128K", "611", "702")]


def test_each_patched_run_is_compared_with_the_baseline_of_its_own_workload():
    """Reads and writes printed without, then with the change: writes with it are measured against
    writes without it, the caption that shares their other words, not against the first baseline; each
    workload is a table of its own, named by its own two runs."""
    tables = [t.item for t in findings("two_workloads_per_side.txt").tables]
    assert [(t.baseline_label, t.patched_label) for t in tables] == [
        ("reads without moderation:", "reads with moderation:"), ("writes without moderation:", "writes with moderation:")]
    got = {p.label: (p.baseline, p.patched) for t in tables for p in t.pairs}
    assert got["writes with moderation: 4k IOPS"] == (1.9e6, 2.4e6)
    assert got["reads with moderation: 4k p99 latency"] == (3870, 2950)
    assert len(got) == 8


def test_a_named_setting_in_each_column_is_no_measurement():
    """"sectorsize=64k" in every column names the setups; "BW=" or "iops=" names what was measured."""
    assert [v is None for _, v in value_cells(tokens("FIO bs  sectorsize=64k  sectorsize=4k"))] == [True] * 4
    assert [v.value for _, v in value_cells(tokens("READ  iops=125k  iops=131k")) if v] == [125000, 131000]


def test_a_line_of_prose_over_two_columns_names_no_setups():
    """Column "names" of more than a few words are a sentence printed above the numbers, not two setups,
    even where the text around them compares something."""
    from extractors.model import Cell, Grid, GridRow
    from extractors.numbers import parse_value
    from extractors.tables.compare import compare_grid
    from extractors.tables.pairing import Part

    def grid(header):
        row = GridRow(2, "contact", tuple(Cell(t, 0, 0, parse_value(t)) for t in ("1", "5550104477")))
        return Part(Grid("aligned", 0, 2, header, (row,)), None, 0)

    sentence = ("we will send the parcel with the gift to your home", "once the fee is paid")
    assert compare_grid(grid(sentence), "compared with last year") is None
    assert compare_grid(grid(("old box", "new box")), "compared with last year") is not None


def test_a_share_in_brackets_is_no_change_against_another_row():
    """"free: 39124992 (3.64%)" under "total: 1073741824" prints a share of the total, which the values do
    not bear out as a change: no reference row, no comparison."""
    text = "Space report:\n        total:     1073741824\n        free:      39124992 (3.64%)\n"
    assert analyze_body(text).tables == () and analyze_body(text).results == ()


def test_settings_beside_grouped_columns_name_the_rows():
    """"iodepth | numjobs" printed left of "no zero copy | zero copy" groups are the rows' settings: each
    row compares the two groups, named by its settings, and the settings are never compared."""
    text = ("                          |   no batching   |    batching   |\n"
            "rw         iodepth  jobs  |      IOPS       |      IOPS     |\n"
            "read          1       1   |      91K        |      95K      |\n"
            "read          16      16  |      160K       |      171K     |\n"
            "randread      64      1   |      230K       |      262K     |\n")
    found = [(p.label, p.baseline_text, p.patched_text) for t in analyze_body(text).tables for p in t.item.pairs]
    assert ("read iodepth 16 jobs 16", "160K", "171K") in found
    assert all("K" in base for _, base, _ in found)


def test_many_one_line_runs_are_a_table_not_a_string_of_results():
    """One line per run is a statement when there are two or three runs; a dozen of them (a tree of
    file layouts, each without and with the change) are the rows of a table."""
    found = findings("one_line_runs_in_a_tree.txt")
    assert [(p.baseline, p.patched) for t in found.tables for p in t.item.pairs][:2] == [(95.804, 90.683), (112.0, 118.0)]
    assert not any(r.item.baseline == 95.804 for r in found.results)
    # one table, its sides named by its rows (every pair of runs shares its file's caption), and the
    # "Min: ..., Max: ..., StDev: ..." lines under each run are how it varied, not runs of their own
    (table,) = found.tables
    assert (table.item.baseline_label, table.item.patched_label) == ("v6.2 (w/o batching)", "v6.2 (w/ batching)")


def one_table(text: str) -> tuple[tuple[str | None, str | None], list[tuple[str, float, float]]]:
    """The sides and the (label, baseline, patched) pairs of the one table a text holds."""
    (table,) = analyze_body(text).tables
    return (table.item.baseline_label, table.item.patched_label), [(p.label, p.baseline, p.patched) for p in table.item.pairs]


def test_bars_that_set_one_column_apart_in_a_tools_rows_make_no_bar_table():
    """A person drew bars around the column of interest in one run's per-CPU report: the bars border no
    cells, and the report compares no runs."""
    body = ("CPU %usr %nice |%sys| %iowait %irq %soft %steal %idle\n" + "-" * 40 + "\n"
            "all 2.05 0.00 96.10 0.00 0.00 0.00 0.05 1.80\n" + "-" * 40 + "\n"
            "0 3.00 0.00 | 95.00 |0.00 0.00 0.00 0.00 2.00\n1 1.00 0.00 | 96.00 |0.00 0.00 0.00 0.00 3.00\n"
            "2 2.00 0.00 | 98.00 |0.00 0.00 0.00 0.00 0.00\n")
    assert analyze_body(body).tables == ()


def test_words_in_the_first_bar_cell_make_it_the_label_column():
    """"| none | 12.0s |" beside "| 8192 | 9.1s |": a word in the first cell of some rows makes that cell
    the rows' names, numbers in it included; a row with a name only heads the rows under it that are
    named by a number (the points of its parameter)."""
    text = ("Results, compared with the current default policy:\n\n"
            "|          | Elapsed | Reads  |\n"
            "|----------|---------|--------|\n"
            "| none     | 12.00s  | 4000   |\n"
            "| striped  |         |        |\n"
            "|     8192 |  9.10s  | 3100   |\n"
            "|    65536 |  8.70s  | 2900   |\n"
            "| mirror   | 11.80s  | 3950   |\n")
    (table,) = analyze_body(text).tables
    labels = [row.label for row in table.item.rows]
    assert labels == ["none", "striped 8192", "striped 65536", "mirror"]
    assert all(len(row.values) == 2 for row in table.item.rows)
    assert ("12.00s", "9.10s") in [(p.baseline_text, p.patched_text) for p in table.item.pairs]


def test_a_change_column_empty_in_one_row_is_against_that_row():
    """"gain" printed for every row but one, each the change from that row's time: that row is the
    baseline of every other."""
    text = ("|         | Time   | gain   |\n"
            "|---------|--------|--------|\n"
            "| single  | 20.00s |  -     |\n"
            "| split   | 15.00s | 25.00% |\n"
            "| spread  | 19.00s |  5.00% |\n")
    (table,) = analyze_body(text).tables
    assert table.item.baseline_label == "single"
    assert {(p.baseline, p.patched) for p in table.item.pairs} == {(20.0, 15.0), (20.0, 19.0)}


def test_a_column_of_changes_against_no_row_names_no_baseline():
    """Changes that are not the change from the one row without any (shares of a total): no reference."""
    text = ("|         | Time   | share  |\n"
            "|---------|--------|--------|\n"
            "| single  | 20.00s |  -     |\n"
            "| split   | 15.00s | 60.00% |\n"
            "| spread  | 19.00s | 40.00% |\n")
    assert all(t.item.baseline_label != "single" for t in analyze_body(text).tables)


def test_runs_captioned_by_one_switched_setting_put_the_switched_off_run_first():
    """Two `time` outputs, each under a settings line that differs only in "cache=1" and "cache=0",
    the switched-on run printed first: the run with the feature off is the baseline, and the setting
    names the runs."""
    text = ("meta-data=/dev/vdb   bsize=4096   sectors=100, cache=1\n"
            "real    0m20.500s\n"
            "user    0m1.200s\n"
            "sys     0m30.100s\n"
            "\n"
            "meta-data=/dev/vdb   bsize=4096   sectors=100, cache=0\n"
            "real    0m18.000s\n"
            "user    0m1.100s\n"
            "sys     0m25.000s\n")
    sides, pairs = one_table(text)
    assert sides == ("cache=0", "cache=1")
    assert ("real", 18.0, 20.5) in pairs


def test_two_named_columns_in_one_unit_over_a_sweep_compare_two_setups():
    """"cached | direct" over block sizes, both in MB/s: one measurement of two setups at each point, the
    first printed the baseline; a border the mail client joined to the header line is no column."""
    text = ("  | bs   | cached     |  direct    |   +------+------------+------------+\n"
            "  |   4k | 1200MB/s   | 900MB/s    |\n"
            "  |  64K | 5100MB/s   | 4800MB/s   |\n"
            "  |   1M | 6000MB/s   | 5900MB/s   |\n"
            "  +------+-------------------------+\n")
    sides, pairs = one_table(text)
    assert sides == ("cached", "direct")
    assert ("64K", 5100.0, 4800.0) in pairs


def test_columns_named_by_workloads_and_runs_captioned_by_workloads_compare_nothing():
    """"read | write" columns are two loads of one setup, and so are two grids captioned "Random read"
    and "Random write": neither is the other's baseline."""
    columns = ("  | bs   | read       |  write     |\n"
               "  |   4k | 1200MB/s   | 900MB/s    |\n"
               "  |  64K | 5100MB/s   | 4800MB/s   |\n")
    assert analyze_body(columns).tables == ()
    runs = ("Random read\n"
            "  | bs   | cached     |  direct    |\n"
            "  |   4k | 1200MB/s   | 900MB/s    |\n"
            "  |  64K | 5100MB/s   | 4800MB/s   |\n"
            "Random write\n"
            "  | bs   | cached     |  direct    |\n"
            "  |   4k | 800MB/s    | 700MB/s    |\n"
            "  |  64K | 3100MB/s   | 2800MB/s   |\n")
    found = [(t.item.baseline_label, t.item.patched_label) for t in analyze_body(runs).tables]
    assert found and all(labels == ("cached", "direct") for labels in found)


def test_two_setups_named_before_a_colon_compare_their_rows():
    """"srv_a:  Rate: 900 req/s, 910 resp/s" over "srv_b:   Rate: ...": one measurement of two setups,
    each named before the colon, the columns named by their units (the cells of one column may touch the
    next one's in the other row without being one column)."""
    text = ("Each run 60 s, 8 clients:\n"
            "srv_alpha:      Rate: 129063 req/sec, 129063 resp/sec\n"
            "srv_beta_two:    Rate: 102681 req/sec, 102681 resp/sec\n")
    (table,) = analyze_body(text).tables
    assert (table.item.baseline_label, table.item.patched_label) == ("srv_alpha", "srv_beta_two")
    assert {(p.label, p.baseline, p.patched) for p in table.item.pairs} == {
        ("req/sec", 129063.0, 102681.0), ("resp/sec", 129063.0, 102681.0)}


def test_reads_and_writes_before_a_colon_are_two_loads():
    """"read: IOPS=..." over "write: IOPS=...": fio's two directions of one run, no setups."""
    text = ("read:      Rate: 1200 ops/sec, 1100 ops/sec\n"
            "write:     Rate: 900 ops/sec, 800 ops/sec\n")
    assert all(t.item.baseline_label != "read" for t in analyze_body(text).tables)


def test_one_change_borne_out_by_two_columns_names_the_baseline_row():
    """"(+12%)" printed after the second setup's two values, each 12% above the first setup's: the
    change is against the first row; one change that matches one column only proves nothing."""
    text = ("Write throughput:\n\n"
            "  sync-submit:    250 MB/s, 64K IOPS\n"
            "  async-submit:   280 MB/s, 71.7K IOPS  (+12%)\n")
    (table,) = analyze_body(text).tables
    assert (table.item.baseline_label, table.item.patched_label) == ("sync-submit", "async-submit")
    assert (250.0, 280.0) in [(p.baseline, p.patched) for p in table.item.pairs]


def test_a_markdown_table_wrapped_by_the_mail_client_reads_whole():
    """Rows of a markdown table cut by line wrapping join again; the row over the "| --- |" line is the
    header, numbers and all (the points of a sweep), and two setups in rows are compared at each."""
    text = ("requests per second, by number of connections:\n\n"
            "| mode | 1 | 16 | 256 | 1024 |\n"
            "| ---- | ---- | ---- | ---- | \n"
            "---- |\n"
            "| polled     |  101.000    |  1503.2    |  20391.4   | \n"
            "41002.5   |\n"
            "| interrupt     |   99.000   |  1488.0    |  16002.9   | \n"
            "30050.0   |\n")
    (table,) = analyze_body(text).tables
    assert (table.item.baseline_label, table.item.patched_label) == ("polled", "interrupt")
    assert ("mode 1024", 41002.5, 30050.0) in [(p.label, p.baseline, p.patched) for p in table.item.pairs]
    assert table.first_line == 2 and table.last_line >= 7


def test_a_markdown_row_wrapped_right_before_a_bar_joins_its_tail():
    """A client that wraps at a space before a "|" leaves the row's last cell on a line that starts
    with a bar; the row did not end with one where the rule does, so the next line is its tail. The
    header's settings in its first cell ("bench depth=64") name no columns of their own."""
    lines = ["| bench depth=64, jobs=2      |  IOPS |     BW",
             "| lat (usec) |",
             "|-----------------------------|:-----:|:-------:|:----------:|",
             "| 4k read, old kernel         |  410k | 1601MiB/s",
             "|        305 |",
             "| 4k read, new kernel         |  455k | 1777MiB/s",
             "|        281 |"]
    (grid,) = read_grids(lines)
    assert grid.header == ("IOPS", "BW", "lat (usec)")
    assert [[c.text for c in row.cells] for row in grid.rows] == [["410k", "1601MiB/s", "305"],
                                                                  ["455k", "1777MiB/s", "281"]]


def test_changes_stated_by_two_runs_and_two_statistics_of_one_run_pair_nothing():
    """"Outcome: +17.8%" under one test and "Outcome: +1.2%" under another are each a change against
    its own baseline; "Minimal wait time" and "Maximal wait time" are two statistics of one run."""
    text = ("First test:\n\n   Plain:  100/minute\n   Tuned:  117/minute\n   Outcome:     +17.8%\n\n"
            "Second test, with the other thread off:\n\n   Plain:  40.3s\n   Tuned:  40.8s\n   Outcome:     +1.2%\n")
    assert not any(r.item.baseline == 17.8 for r in analyze_body(text).results)
    stats = "Swap-in times seen:\n\n      Minimal wait time:      36.2 us\n      Maximal wait time:      55.7 ms\n"
    assert analyze_body(stats).results == () and analyze_body(stats).tables == ()


def test_change_rows_that_print_both_values_pair_them():
    """"seq reads: ~18% increase (~1500 MB/s -> ~1770 MB/s)": a stated change with the values each side
    measured; the pair is those values, the stated change the reported one."""
    text = ("Throughput with bs=1M, roughly:\n"
            "seq reads: ~18% increase (~1500 MB/s -> ~1770 MB/s)\n"
            "rand reads: ~12% increase (~1000 MB/s -> 1120 MB/s)\n"
            "seq writes: no difference (~600 MB/s)\n")
    (table,) = analyze_body(text).tables
    assert (table.item.baseline_label, table.item.patched_label) == ("before", "after")
    assert {(p.label, p.baseline, p.patched) for p in table.item.pairs} == {
        ("seq reads", 1500.0, 1770.0), ("rand reads", 1000.0, 1120.0)}


def test_three_setups_side_by_side_without_a_named_baseline_are_a_table_without_pairs():
    """"LZ4-1 | ZSTD-3 | GZIP-6" over rows each measured in one magnitude: a comparison whose baseline
    nothing names, kept as its rows with no pair guessed; "Min | Max | Avg" are statistics of one run."""
    text = ("Writing 20GB of the corpus:\n\n"
            "                          LZ4-1    ZSTD-3   GZIP-6\n"
            "Write throughput (GiB/s)  6.1      5.0      2.4\n"
            "CPU busy (%)              4.5      15.2     12.9\n")
    (table,) = analyze_body(text).tables
    assert table.item.pairs == () and [row.label for row in table.item.rows][0] == "Write throughput (GiB/s)"
    stats = ("                 Min      Max      Avg\n"
             "latency (us)     4.5      15.2     7.9\n"
             "wakeups (us)     3.1      11.0     5.2\n")
    assert analyze_body(stats).tables == ()


def test_a_header_table_of_one_run_printed_before_and_after_the_patch_is_one_table():
    """`free -m` under "before the patch:" and "after the patch:": "before the patch" names the
    baseline (its "patch" is what it comes before), and two runs of a table with a printed header are
    one table, though only the "Mem:" row changed."""
    (table,) = [t.item for t in findings("free_before_and_after_the_patch.txt").tables]
    assert (table.baseline_label, table.patched_label) == ("before the patch:", "after the patch:")
    assert [(p.label, p.baseline, p.patched) for p in table.pairs] == [
        ("Mem used", 1204, 1121), ("Mem free", 13510, 13593), ("Mem available", 14370, 14453)]


def test_a_caption_over_a_tools_preamble_names_its_run():
    """stress-ng prints a "dispatching hogs" line above its header: "Base:" / "Patched:" over each
    run's output name the runs, and the one-row tables side by side are a table."""
    (table,) = [t.item for t in findings("stress_ng_runs_under_side_captions.txt").tables]
    assert (table.baseline_label, table.patched_label) == ("Base:", "Patched:")
    assert (table.pairs[0].label, table.pairs[0].baseline, table.pairs[0].patched) == (
        "context bogo ops", 1820313, 1954417)
    assert "context real time (secs)" not in {p.label for p in table.pairs}  # the same 60 s in both runs


def test_perf_bench_banners_are_the_tools_output_not_root_prompts():
    """"# Running 'sched/pipe' benchmark:" reads like a root prompt, but it is perf bench's banner: the
    runs under "baseline:" and "with the series:" are one table."""
    (table,) = [t.item for t in findings("perf_bench_runs_under_side_captions.txt").tables]
    assert (table.baseline_label, table.patched_label) == ("baseline:", "with the series:")
    assert [(p.label, p.baseline, p.patched) for p in table.pairs][-1] == ("ops/sec", 221614, 238000)


def test_a_tools_own_section_heading_starts_its_output():
    """sysbench's "CPU speed:" over its first result is the tool's heading, not a caption: the kernel
    named above it names the run, and its "events per second" is compared too."""
    (table,) = [t.item for t in findings("sysbench_runs_under_kernel_captions.txt").tables]
    assert (table.baseline_label, table.patched_label) == ("v6.8:", "v6.8 + this series:")
    assert (table.pairs[0].label, table.pairs[0].baseline, table.pairs[0].patched) == (
        "events per second", 10234.56, 10876.12)


def test_a_number_one_space_after_a_rows_name_is_part_of_the_name():
    """"run 1  312.4s  301.2s" under "vanilla  patched": the 1 numbers the run, it is no value."""
    (table,) = [t.item for t in findings("numbered_run_labels.txt").tables]
    assert [(p.label, p.baseline, p.patched) for p in table.pairs] == [
        ("run 1", 312.4, 301.2), ("run 2", 311.9, 300.8), ("run 3", 313.0, 301.5), ("average", 312.4, 301.2)]


def test_switches_that_name_two_runs_are_no_result():
    """"poll=0, batch=8" over one run and "poll=1, batch=8" over the next are the runs' settings: the 0
    and the 1 measure nothing, whatever the runs below them print."""
    body = ("The test program completes like this without polling:\n\n"
            "poll=0, batch=8\n"
            "cqe res 4096\n"
            "cqe res 4096\n\n"
            "and like this with it:\n\n"
            "poll=1, batch=8\n"
            "cqe res 65536\n")
    found = analyze_body(body)
    assert [(r.item.baseline, r.item.patched) for r in found.results] == []
    assert found.tables == ()


def test_columns_named_by_units_of_two_dimensions_are_two_quantities():
    """"MB to mount" and "sec to mount" over rows of block sizes, with a sentence that compares: one run's
    two measurements per row, not a baseline and a patched column."""
    body = ("I compared the mount with different block sizes:\n\n"
            "| bsize | MB to mount | sec to mount |\n"
            "|-------|-------------|--------------|\n"
            "|   1M  |    1250     |      84      |\n"
            "|  64K  |     471     |      40      |\n"
            "|   4K  |     320     |      31      |\n")
    assert analyze_body(body).tables == ()


def test_two_lists_of_other_names_are_no_comparison():
    """Two lists of sizes, each under a caption of its own, whose rows name other fields: what each
    list adds up, not one set of measurements taken twice (row by row they pair unrelated fields)."""
    body = ("The receive buffer is sized as:\n"
            "   4  HDR_SIZE\n"
            "  19  auth->slack\n"
            "  21  .p_replen\n\n"
            "Then the pages are placed at:\n"
            "  21  resp.hdr\n"
            "   4  HDR_SIZE\n"
            "  11  auth->align\n")
    found = analyze_body(body)
    assert found.tables == () and found.results == ()


def test_the_spread_printed_under_each_run_is_no_run_of_its_own():
    """"Min: ..., Max: ..., StDev: ..." under each run of a tree of files says how that run varied:
    one table of the runs, none of the spread lines compared file against file."""
    (table,) = [t.item for t in findings("tree_of_runs_with_spread_lines.txt").tables]
    assert (table.baseline_label, table.patched_label) == ("v6.2 (w/o batching)", "v6.2 (w/ batching)")
    assert table.pairs[0].baseline == 90.618 and table.pairs[0].patched == 88.721
    assert not any("Min" in p.label or "StDev" in p.label for p in table.pairs)


def test_runs_of_a_script_on_other_files_are_steps_not_setups():
    """`time` under each step of a test script ("Remove /srv/a.tmp...", "Remove /srv/a.junk..."): the
    captions differ only in the file each step works on, so no step is the others' baseline."""
    body = ("Remove /srv/test/data.tmp...\n\nreal    0m0.031s\nuser    0m0.000s\nsys     0m0.031s\n\n"
            "Remove /srv/test/data.junk...\n\nreal    0m0.052s\nuser    0m0.001s\nsys     0m0.040s\n\n"
            "Remove /mnt/nfs/data.junk...\n\nreal    0m0.024s\nuser    0m0.001s\nsys     0m0.022s\n")
    found = analyze_body(body)
    assert found.tables == () and found.results == ()


def test_a_perf_report_profile_is_one_run_not_two_columns_compared():
    """perf report's "Children  Self  Command  Symbol": the samples in each symbol with and without its
    callees, in one run; the two columns are no baseline and patched kernel."""
    body = ("Compared with the old reaper, the profile now reads:\n\n"
            "Children  Self      Command       Symbol\n"
            "61234500  0         kswapd0       kthread\n"
            "60011285  99995     kswapd0       balance_pgdat\n"
            "33541180  6928225   kswapd0       shrink_folio_list\n"
            "12309870  1200450   kswapd0       _raw_spin_lock\n")
    assert analyze_body(body).tables == ()


def test_a_caption_wrapped_onto_a_line_of_its_own_is_read_whole():
    """"... With the stock kernel, we" / "get:" over a run: the caption is the sentence's last clause,
    not the word that wrapped."""
    body = ("Two devices are polled by each thread. With the stock kernel, we\n"
            "get:\n\n"
            "IOPS=4.10M, BW=2.00GiB/s, IOS/call=31/32\n"
            "IOPS=4.12M, BW=2.01GiB/s, IOS/call=31/31\n\n"
            "and with the two patches we get:\n\n"
            "IOPS=5.02M, BW=2.45GiB/s, IOS/call=31/31\n"
            "IOPS=5.04M, BW=2.46GiB/s, IOS/call=31/31\n")
    (table,) = [t.item for t in analyze_body(body).tables]
    assert (table.baseline_label, table.patched_label) == ("With the stock kernel, we get:",
                                                           "and with the two patches we get:")


def test_sides_named_alike_are_left_unnamed():
    """Two lines of one perf stat event, without and with the fix: the event's name over both sides
    names neither of them."""
    body = ("Below are the perf results for the test without/with the fix:\n\n"
            "perf stat -e syscalls:sys_enter_io_uring_enter ./wait-test\n\n"
            "12,289     syscalls:sys_enter_io_uring_enter\n"
            "8,193      syscalls:sys_enter_io_uring_enter\n")
    for table in analyze_body(body).tables:
        assert table.item.baseline_label != table.item.patched_label or table.item.baseline_label is None


def test_a_bracketed_range_beside_a_value_is_no_spread():
    """"12 (0..7)": a range of block numbers in brackets, not a spread, and no number to convert."""
    cells = value_cells(tokens("   extent 12 (0..7) 13 (8..15)"))
    assert all(value.spread_abs is None for _, value in cells if value is not None)


def test_a_table_in_the_decimal_comma_locale_reads_every_comma_so():
    grid, = read_grids(["          base        patched",
                        "avg       1,315       1,344",
                        "stdev     0,88 %      1,55 %"])
    assert [c.value.value for c in grid.rows[0].cells] == [pytest.approx(1.315), pytest.approx(1.344)]
    assert grid.rows[0].cells[0].value.text == "1,315"


def test_the_columns_own_unit_judges_before_the_words_around_the_table():
    # the unit is in the column names only; "it's" above is no unit of seconds
    text = ("It's ready, I think; the sends below are with the new path.\n\n"
            "size | copy (req/s) | zerocopy (req/s)\n"
            "4096 | 410230       | 522871 (+27%)\n"
            "1024 | 612044       | 598210 (-2%)\n")
    (table,) = analyze_body(text).tables
    assert [(p.label, p.verdict) for p in table.item.pairs] == [("4096", "better"), ("1024", "worse")]


def test_a_wordy_first_row_in_the_rows_unit_is_a_row_not_a_header():
    """Its words name a setup, its figures are in the unit of the rows under it: no column is named
    "53.0MB/s" and no row label taken from the tags is paired under such names."""
    grid, = read_grids(["psync randread    52.1MB/s           53.0MB/s      job:1 bs:4k",
                        "                             801MB/s            795MB/s       job:1 bs:128k",
                        "                            1190MB/s           1221MB/s     job:1 bs:256k"])
    assert not any(any(ch.isdigit() for ch in name) for name in grid.header)
    assert [[c.text for c in row.cells] for row in grid.rows[1:]] == [["801MB/s", "795MB/s"], ["1190MB/s", "1221MB/s"]]


def test_the_same_command_again_under_a_caption_is_another_run_of_one_measurement():
    """A caption, the command, its output, twice: one comparison. A different command under the next
    caption starts a measurement of its own."""
    tables = [t.item for t in findings("same_command_under_each_caption.txt").tables]
    assert (tables[0].baseline_label, tables[0].patched_label) == ("Without the cache:", "With the cache:")
    assert ("SET requests per second", "21000.50", "23500.10") in [
        (p.label, p.baseline_text, p.patched_text) for p in tables[0].pairs]
    assert all("31000.5" not in (p.baseline_text, p.patched_text) for p in tables[0].pairs)


def test_the_baseline_of_a_run_is_the_one_captioned_alike():
    """"before patch" against "after patch", not the "uncompressed" setup printed first."""
    table = findings("runs_before_and_after_among_setups.txt").tables[0].item
    assert (table.baseline_label, table.patched_label) == ("before patch -", "after patch -")
    assert ("1 rate", "101", "400") in [(p.label, p.baseline_text, p.patched_text) for p in table.pairs]


def test_rows_named_before_and_after_the_change_are_the_sides():
    table = findings("rows_before_and_after_change.txt").tables[0].item
    assert (table.baseline_label, table.patched_label) == ("Before change", "After change")
    assert ("flush time (ms)", "150", "12") in [(p.label, p.baseline_text, p.patched_text) for p in table.pairs]
    assert column_kind("After change") == "patched" and column_kind("change") == "change"


def test_a_column_named_this_change_is_the_patched_side_and_mtu_labels_rows():
    """"this change" names the kernel the change is in, not its delta; the MTU a network run used labels
    the row, it is never a side."""
    body = ("  | MTU  | baseline   | this change | improvement |\n"
            "  |------+------------+-------------+-------------|\n"
            "  | 1500 | 11.25 Mpps | 13.90 Mpps  | 23.6 %      |\n"
            "  | 9000 | 11.20 Mpps | 13.15 Mpps  | 17.4 %      |\n")
    table = analyze_body(body).tables[0].item
    assert (table.baseline_label, table.patched_label) == ("baseline", "this change")
    first = table.pairs[0]
    assert (first.label, first.baseline_text, first.patched_text) == ("1500", "11.25 Mpps", "13.90 Mpps")
    assert column_kind("this change") == "patched" and column_kind("change") == "change"


def test_runs_that_differ_in_one_setting_are_a_sweep_not_a_comparison():
    """"bs=1M", "bs=4M", "bs=16M": points of a sweep, none of them the kernel without a change."""
    assert findings("runs_of_one_swept_setting.txt").tables == ()


def test_a_counter_named_with_non_is_no_setting_switched_off():
    body = ("The thread's status:\n\nvoluntary_ctxt_switches:        73369830\n"
            "nonvoluntary_ctxt_switches:     29419786\n")
    assert analyze_body(body).tables == ()


def test_a_counter_named_with_on_in_title_case_is_no_run_switched_on():
    """"Power On Hours" in a drive's health log names a counter; "THP on" names a run."""
    body = ("Controller Busy Time:               298\nPower Cycles:                       51\n"
            "Power On Hours:                     2.417\n")
    assert analyze_body(body).tables == ()
    assert (row_kind("Power On Hours"), row_kind("THP on")) == ("metric", "patched")


def test_sizes_set_in_powers_of_two_on_both_sides_are_no_measurements():
    assert analyze_body("old ring: 32768\nnew ring:  2048\n").tables == ()
    assert analyze_body("old ring: 32768\nnew ring:  2048\n").results == ()
    assert len(analyze_body("base:    4096 MB/s\npatched: 8192 MB/s\n").results) == 1  # a rate measured


def test_the_two_halves_of_a_power_transition_are_two_quantities_not_two_setups():
    body = ("More threads reduce the resume time compared to fewer.\n\n"
            "    Threads  Suspend(s)  Resume(s)\n    --------------------------------\n"
            "       2       14.10      19.21\n       4       12.02      16.90\n       8       11.75      15.04\n")
    assert analyze_body(body).tables == ()


def test_direction_statements_over_sections_of_one_table_leave_each_row_to_its_unit():
    """"LOWER IS BETTER" over the times and "HIGHER IS BETTER" over a rate: no one statement holds for every row."""
    body = ("Results:\n\n Test     | unit | v6.9 |  patched\n ---------+------+------+---------\n"
            "\t\tLOWER IS BETTER\n ---------+------+------+---------\n"
            " build    |    s | 41.2 |  37.9 (-8.0%)\n untar    |    s |  9.1 |   8.7 (-4.4%)\n"
            " ---------+------+------+---------\n\t\tHIGHER IS BETTER\n ---------+------+------+---------\n"
            " crypto   |op/s  | 1520 |  1514 (-0.4%)\n")
    verdicts = {p.label.split()[0]: p.verdict for t in analyze_body(body).tables for p in t.item.pairs}
    assert verdicts["build"] == verdicts["untar"] == "better"


def test_iostat_reports_name_devices_not_setups():
    """iostat's rows are devices under "Device:" (older releases print the colon): two reports are
    monitoring of where the load ran, not a baseline and a patched kernel."""
    assert column_kind("Device:") == "identifier"
    report = ("avg-cpu:  %user   %nice %system %iowait  %steal   %idle\n"
              "           {u}    0.00   15.25   36.91    0.00   46.59\n\n"
              "Device:            tps    kB_read/s    kB_wrtn/s\n"
              "sdb               {t}        16.33        37.55\n"
              "sdc               4.40        16.30        37.50\n")
    body = "Before:\n\n" + report.format(u="1.25", t="4.42") + "\nDuring the run:\n\n" + report.format(u="0.50", t="120.42")
    assert analyze_body(body).tables == ()


def test_two_operations_of_one_run_are_no_baseline_and_patched():
    """Encryption beside decryption, reads beside writes: tests of one run, whatever their numbers."""
    cipher = ("Throughput of the new cipher:\n\n"
              "| Cipher    |   Encryption  | Decryption    |\n"
              "| (AES-XTS) |    (MiB/s)    | (MiB/s)       |\n"
              "+-----------+---------------+---------------+\n"
              "| 512-byte  |     1130      |   696.4       |\n"
              "| 4096-byte |     1402      |   1201.7      |\n")
    fio = ("Results:\n\n"
           "Read Latency: clat (usec): min=32, max=2335, avg=79.54, stdev=29.95\n"
           "Write Latency: clat (usec): min=38, max=130, avg=57.76, stdev= 3.25\n")
    assert analyze_body(cipher).tables == () and analyze_body(fio).tables == ()


def test_a_run_with_the_original_kernel_is_the_baseline_wherever_it_is_printed():
    table = findings("runs_on_the_original_kernel_last.txt").tables[0].item
    assert (table.baseline_label, table.patched_label) == ("With the original kernel:",
                                                            "With the cache hacked to use cached writes:")
    assert ("real", "0m6.012s", "0m4.960s") in [(p.label, p.baseline_text, p.patched_text) for p in table.pairs]


@pytest.mark.parametrize(("above", "sides", "pair"), [
    # the text says the change made it faster, and the faster run is printed first: it is the change
    ("Checking 20GB is about 4x faster with the offload:", ("Emulated verify:", "Offloaded verify:"),
     ("real", 612.4, 150.2)),
    # the text says nothing of the change's effect: the run printed first is the baseline
    ("Checking 20GB both ways:", ("Offloaded verify:", "Emulated verify:"), ("real", 150.2, 612.4)),
])
def test_two_runs_named_by_their_setups_follow_the_direction_the_text_states(above, sides, pair):
    """Captions that name no side leave the order to decide, unless the text above states which way the
    change went and every pair goes the other way."""
    text = (f"{above}\n\nOffloaded verify:\n\nreal    2m30.200s\nuser    0m0.001s\nsys     0m40.500s\n\n"
            "Emulated verify:\n\nreal    10m12.400s\nuser    0m0.002s\nsys     1m2.100s\n")
    assert one_table(text)[0] == sides
    assert pair in one_table(text)[1]


def test_lines_naming_a_section_head_the_rows_under_them():
    """"hackbench  4 groups" between rows of numbers in every column names the section below it (its
    count is part of the name, not a value); so does the line right over the first row, and a header
    line whose one number is part of a column's name ("2 queues") still names the columns."""
    text = ("Hackbench, base vs patched:\n\n"
            "        2 queues        2 queues + batching\n"
            "sched   pipe\n"
            "avg     31250,000       30118,500\n"
            "stdev   0,21 %          0,34 %\n"
            "hackbench       1 group\n"
            "avg     1,402           1,377\n"
            "stdev   0,91 %          1,12 %\n"
            "hackbench       4 groups\n"
            "avg     1,288           1,251\n"
            "stdev   1,40 %          0,87 %\n")
    (table,) = analyze_body(text).tables
    assert (table.item.baseline_label, table.item.patched_label) == ("2 queues", "2 queues + batching")
    pairs = {p.label: (p.baseline, p.patched) for p in table.item.pairs}
    assert pairs["hackbench 4 groups avg"] == (1.288, 1.251)
    assert pairs["sched pipe avg"] == (31250.0, 30118.5)
    assert not any(label.startswith(("hackbench", "sched")) is False for label in pairs)


def test_sparse_rows_at_the_end_of_a_table_are_rows_not_headings():
    text = ("Base vs patched:\n\n"
            "            base    patched\n"
            "seq read    812     870\n"
            "seq write   640     655\n"
            "rand read   301     333\n"
            "rand write  250     262\n"
            "errors      0\n"
            "retries     0\n")
    (table,) = analyze_body(text).tables
    assert [row.label for row in table.item.rows][-2:] == ["errors", "retries"]


def test_columns_of_ids_named_old_and_new_map_labels_and_compare_no_runs():
    text = ("If the metadata is corrupted:\nold chunk-id\tnew chunk-id\n0               2\n...\nx ---> 0        y\n"
            "After the merge, old chunk 0 is updated twice.\n")
    assert analyze_body(text).tables == ()


def test_two_traces_of_events_compare_no_runs_row_by_row():
    """Each row of a block trace is one I/O at its timestamp: the n-th event without the patch is no
    baseline of the n-th event with it."""
    def trace(start: float, lat: float) -> str:
        return "Time        Process      PID    Device    LBA     Size   Lat\n" + "".join(
            f"{start + i * 0.000011:.6f}    md0_raid10   6900   nvme{i % 4}n1   W {16 + 8 * i:<6} 4096   {lat + i / 100:.2f}\n"
            for i in range(6))
    text = f"Without patch:\n\n{trace(1.410377, 0.02)}\nWith patch:\n\n{trace(2.100201, 0.01)}"
    assert analyze_body(text).tables == ()


def test_lines_of_numbers_over_two_snapshots_name_no_setups():
    """iostat prints its CPU line over each device report: a line of numbers names no run, so the two
    reports are snapshots, not a baseline and a patched kernel (here with every line wrapped by the
    mail client, so that no "Device" header is left to tell the rows are devices)."""
    report = ("Device            r/s     rkB/s   rrqm/s  %rrqm\n"
              "w/s     wkB/s   %util\n"
              "sde             20.08    360.56     2.53  11.20\n"
              "0.49     3.41   2.11\n"
              "sdf             20.07    360.56     2.54  11.24\n"
              "0.49     3.40   2.09\n")
    text = ("avg-cpu:  %user   %nice %system %iowait  %steal   %idle\n"
            "           0.19    0.00    1.06    0.15    0.00   98.60\n\n" + report +
            "\navg-cpu:  %user   %nice %system %iowait  %steal   %idle\n"
            "           0.38    0.00    1.12    0.12    0.00   98.38\n\n" + report.replace("20.08", "21.90"))
    assert analyze_body(text).tables == ()


def test_rows_that_all_carry_one_name_are_records_not_results():
    rows = ["RES            412003   CPU12    Rescheduling interrupts",
            "RES            409871   CPU40    Rescheduling interrupts",
            "RES            402150   CPU7     Rescheduling interrupts"]
    (grid,) = read_grids(rows)
    assert numbered_instances(grid)
    (named,) = read_grids([row.replace("RES", name, 1) for row, name in zip(rows, ("RES", "CAL", "TLB"))])
    assert not numbered_instances(named)


def test_a_time_of_day_after_a_date_is_no_value():
    values = [tok.text for tok, value in value_cells(tokens("created=2021-03-02 09:41:17 state=clean")) if value]
    assert values == []
    assert [tok.text for tok, value in value_cells(tokens("run 3   09:41.17")) if value] == ["3", "09:41.17"]
    runs = ["Maximum IOPS=12837K", "Maximum IOPS=12812K", "Maximum IOPS=12834K"]  # one metric, run after run
    assert not any(numbered_instances(grid) for grid in read_grids(runs))


def test_shell_times_whose_tab_a_mail_client_made_a_space_are_runs():
    body = ("Before the patch:\n\n    real 0m2.040s\n    user 0m1.035s\n    sys 0m0.264s\n\n"
            "With the patch:\n\n    real 0m1.595s\n    user 0m0.987s\n    sys 0m0.210s\n")
    (table,) = analyze_body(body).tables
    assert [(p.label, p.baseline_text, p.patched_text) for p in table.item.pairs][0] == ("real", "0m2.040s", "0m1.595s")


def test_each_patched_run_is_compared_with_the_unnamed_run_on_the_same_setup():
    """"dev on gcc" names no side, and its "on" is where it ran, not a switch: the patched run on gcc is
    compared with it, the one on clang with "dev on clang"."""
    means = [(label, base.split(" ±")[0], new.split(" ±")[0])
             for label, base, new in pairs("runs_named_by_side_and_compiler.txt") if label.endswith("mean")]
    assert means == [("patch on gcc 13.2.0: mean", "225.8 ms", "212.4 ms"), ("patch on clang 17.0.6: mean", "229.7 ms", "230.1 ms")]
    # a table for each compiler, named by its own two runs: one pair of names cannot name both
    sides = [(t.item.baseline_label, t.item.patched_label) for t in findings("runs_named_by_side_and_compiler.txt").tables]
    assert sides == [("dev on gcc 13.2.0", "patch on gcc 13.2.0"), ("dev on clang 17.0.6", "patch on clang 17.0.6")]


def test_a_summary_line_with_its_change_in_words_in_brackets_is_a_run():
    body = ("Baseline (4K clusters):\nScan time: 2.480s\n\nWith the lookup cache:\n"
            "Scan time: 1.705s (~31% reduction)\n")
    (result,) = analyze_body(body).results
    assert (result.item.baseline, result.item.patched) == (2.48, 1.705)


def test_each_tree_with_a_described_patch_is_compared_with_the_same_tree():
    """"with my tracing patch": a word describing the change after its determiner still names the patched
    side; each patched tree is measured against the same tree without it."""
    iops = {(label.rsplit(":", 1)[0], base, new) for label, base, new in pairs("two_kernels_each_with_a_patch.txt")
            if label.endswith("IOPS")}
    assert ("6.9.0-rc2 with my tracing patch", "812", "818") in iops
    assert ("a1b2c3d4e5 with my tracing patch", "702", "905") in iops
    assert not any(base == "812" and new == "905" for _, base, new in iops)


def test_a_number_inside_words_is_a_phrase_not_a_squeezed_row():
    assert read_grids(["load 2 from X", "add 6 to 2", "store 8 to X"]) == []
    (squeezed,) = read_grids(["read 4 2", "write 6 3"])
    assert [row.label for row in squeezed.rows] == ["read", "write"]


def test_points_of_a_sweep_over_the_setups_are_no_sides():
    """"qd=4 | qd=32" over "RR | LAT | RR | LAT": the queue depths are points of a sweep, each holding the
    setups; one depth is no baseline for the other."""
    lines = (DATA / "setups_under_sweep_points.txt").read_text().splitlines()[2:]
    (grid,) = read_grids(lines)
    assert len(grid.header_rows) == 2 and group_levels(grid) is None
    switched = [line.replace("qd=4 ", "poll=0").replace("qd=32 ", "poll=1 ") for line in lines]
    assert group_levels(read_grids(switched)[0]) is not None  # a switch off and on: the setups themselves


def test_a_ratio_in_a_change_column_is_no_stated_percentage():
    """"speedup 1.94" is a ratio: stored as the stated delta% it would say 1.94% where the run doubled."""
    (table,) = [t.item for t in findings("two_columns_and_their_ratio.txt").tables]
    assert [p.reported_delta_pct for p in table.pairs] == [None, None, None]
    assert [round(p.delta_pct) for p in table.pairs] == [94, 127, 175]


@pytest.mark.parametrize(("names", "older"), [
    (["linux-6.2.9", "linux-6.1.21"], 1),
    (["v6.8-rc3", "v6.8"], 0),  # a release candidate comes before its release
    (["5.10", "5.4"], 1),
    (["5.10", "5.10"], None),
    (["5.10", "5.10-patched"], None),  # a patched kernel is no plain release
    (["5.4", "5.10", "6.1"], 0),  # each later release is measured against the oldest
    (["5.4", "5.10", "5.4"], None),  # a release twice: runs of one kernel
])
def test_the_oldest_release_is_the_baseline(names, older):
    assert older_release(names) == older


def test_a_mark_of_lines_left_out_captions_nothing():
    """"[...]" between a run's caption and its samples: the caption is above it."""
    table = findings("sampled_runs_parted_by_prose.txt").tables[0].item
    assert (table.baseline_label, table.patched_label) == ("Before:", "and after:")


def test_a_row_name_that_opens_with_a_number_is_one_name():
    """"4k randread" names the row; "Mean 7.21" may be a name and a value, and keeps its value."""
    (grid,) = read_grids(["              before    after", "4k randread     123.1     150.2",
                          "128k seq read   900.0     910.2"])
    assert [(row.label, [c.text for c in row.cells]) for row in grid.rows] == [
        ("4k randread", ["123.1", "150.2"]), ("128k seq read", ["900.0", "910.2"])]
    (grid,) = read_grids(["16 jobs:  35s 34s 33s", "8  jobs:  33s 35s 34s"])  # spaced apart or not
    assert [row.label for row in grid.rows] == ["16 jobs", "8  jobs"]
    (grid,) = read_grids(["          A        B", "Mean 7.21   1.33   2.10", "Max 31.0    3.2    4.4"])
    assert [c.text for c in grid.rows[0].cells][-2:] == ["1.33", "2.10"]


def test_a_change_row_under_grouped_setups_is_not_compared():
    found = pairs("box_rows_wrapped_by_the_client.txt")
    assert not [p for p in found if p[0] == "diff"], found


def test_runs_parted_by_prose_pair_only_when_their_captions_name_opposite_sides():
    """Two sampled runs with a remark between them compare when one caption names the baseline and the
    other the change ("Before:" / "and after:"), never when both name the same side."""
    run = "IOPS=41.20M, BW=20.12GiB/s, IOS/call=32/32\nIOPS=41.31M, BW=20.17GiB/s, IOS/call=32/31\n"
    remark = ("\nThe profile shows the copy on top of everything else, well above the\nsubmission path, and the "
              "lock after it; nothing else in the top ten\nchanged between the two kernels in any way I can see.\n\n")
    assert analyze_body(f"Before:\n{run}{remark}and after:\n{run.replace('41.', '44.')}").tables
    assert not analyze_body(f"Before:\n{run}{remark}Before, second box:\n{run.replace('41.', '44.')}").tables


def test_a_quoted_comparison_the_reply_cut_into_parts_is_read_whole():
    """A reply that answers each run of a quoted mail below it leaves the quoted runs in parts: read as
    the one text they were in the mail quoted, the baseline's run and the patched kernel's are compared;
    the reply's own lines between them are no part of it."""
    def run(iops):
        return "".join(f"> IOPS={iops + i}K, BW={iops // 2 + i}MiB/s, IOS/call=31/30\n" for i in range(3))
    body = ("On Mon, Jan 3, 2022, Jane Doe wrote:\n> Baseline kernel:\n>\n" + run(2700) + ">\n> which is fine.\n\n"
            "That is about what I see here too.\n\n> With the patched kernel, same test:\n>\n" + run(4100) + "\n"
            "Nice, thanks.\n")
    (table,) = analyze_body(body).tables
    assert table.quoted and table.author == "Jane Doe"
    assert ("1 IOPS", 2700000, 4100000) in {(p.label, p.baseline, p.patched) for p in table.item.pairs}
    apart = body.replace("> With the patched kernel, same test:", "> With the second box, same test:")
    assert analyze_body(apart).tables == ()  # the second caption names no side: nothing pairs the runs


def test_a_quoted_table_a_remark_cut_after_its_first_row_is_one_table():
    """A reviewer who answers the first row of a quoted table leaves the rest of its rows, header-less,
    below the remark: read whole, they are rows of the table above, paired under its header."""
    body = ("On Mon, Jan 3, 2022, Jane Doe wrote:\n> Results:\n>\n"
            ">                 stock kernel    patched kernel\n"
            "> seq read          410MB/s          415MB/s       jobs:1\n\n"
            "That first one looks like noise to me.\n\n"
            ">                   1630MB/s         1702MB/s       jobs:8\n"
            ">                   2210MB/s         2391MB/s       jobs:16\n")
    (table,) = analyze_body(body).tables
    assert table.first_line == 3 and table.last_line == 9
    assert (1630.0, 1702.0) in {(p.baseline, p.patched) for p in table.item.pairs}


@pytest.mark.parametrize("caption, side", [
    ("With the patched kernel, same test:", "patched"),
    ("with the patched build:", "patched"),
    ("With the patched kernel", "patched"),
])
def test_a_run_on_the_patched_kernel_names_the_patched_side(caption, side):
    assert caption_side(caption) == side


def test_a_commit_named_by_its_id_and_quoted_title_leaves_the_caption_its_own_words():
    assert caption_side('- At the previous commit = 9f8e7d6c5b ("blk-mq: count the tags in use per queue")') \
        == "baseline"


def test_a_size_after_a_row_name_is_part_of_the_name():
    """Sizes one space after a row's words ("internal 64M", "disk 4K") under no column name number the
    row's setting, with two named value columns beside them."""
    text = ("Test                   BW         IOPS\n"
            "bitmap internal 64M    700KiB/s   174\n"
            "bitmap internal 2G     66.5MiB/s  17.0k\n"
            "bitmap none            80.6MiB/s  20.6k\n"
            "Single disk 4K         269MiB/s   68.8k\n")
    (grid,) = read_grids(text.splitlines())
    assert grid.header == ("BW", "IOPS")
    assert [row.label for row in grid.rows] == ["bitmap internal 64M", "bitmap internal 2G", "bitmap none",
                                                "Single disk 4K"]


def test_runs_in_two_sections_one_per_side_pair_in_order():
    """"Baseline kernel:" over a 512b run and "and using 4k blocks:" over a 4k run, then "With the patched
    kernel:" over the same two (each run as t/io_uring prints it, under its command): the 512b runs are
    compared, and the 4k runs; when the second section has a run fewer, the two runs whose captions name
    the sides pair and the 4k run stays alone."""
    def run(size, iops):
        samples = "".join(f"IOPS={iops + i}K, BW={iops // 2 + i}MiB/s, IOS/call=31/30\n" for i in range(3))
        return (f"$ t/io_uring -d128 -b{size} -s31 -c16 -p1 /dev/nvme0n1\n"
                f"polled=1, fixedbufs=1, register_files=1, buffered=0, QD=128\n{samples}")
    body = (f"Baseline kernel:\n\n{run(512, 2700)}\nand using 4k blocks:\n\n{run(4096, 1600)}\n"
            f"With the patched kernel:\n\n{run(512, 4100)}\nand 4k blocks again:\n\n{run(4096, 1700)}")
    found = {(p.label, p.baseline, p.patched) for t in analyze_body(body).tables for p in t.item.pairs}
    assert {("1 IOPS", 2700000, 4100000), ("1 IOPS", 1600000, 1700000)} <= found
    short = body[:body.index("and 4k blocks again:")]
    found = {(p.label, p.baseline, p.patched) for t in analyze_body(short).tables for p in t.item.pairs}
    assert ("1 IOPS", 2700000, 4100000) in found and not any(1600000 in pair for pair in found)


def test_stress_ng_brief_runs_with_times_under_side_captions():
    """Two `--log-brief --times` runs under "Without"/"With" captions: the metrics rows pair across the
    runs; the `--times` block of one run compares nothing by itself ("available CPU time" is no baseline)."""
    (table,) = [t.item for t in findings("stress_ng_brief_runs_with_times.txt").tables]
    assert (table.baseline_label, table.patched_label) == ("Without the series:", "With the series:")
    assert ("pipe bogo ops", 5123456, 5832101) in [(p.label, p.baseline, p.patched) for p in table.pairs]
    assert not any("available" in p.label for p in table.pairs)


def test_function_counts_under_run_captions_compare_the_runs_not_the_functions():
    """bcc's funccount prints "FUNC COUNT" over the functions it counted: in one run the rows are
    different functions; under a caption per run they are counted with and without the change."""
    counts = ("  FUNC                          COUNT\n  blk_mq_run_hw_queue            {a}\n"
              "  blk_mq_sched_dispatch          {b}\n")
    one = "Call counts:\n" + counts.format(a=120, b=340)
    assert analyze_body(one).tables == ()
    both = ("Without this patch:\n" + counts.format(a=5120, b=9340) + "\nWith this patch:\n"
            + counts.format(a=120, b=340))
    (table,) = analyze_body(both).tables
    assert [(p.baseline_text, p.patched_text) for p in table.item.pairs] == [("5120", "120"), ("9340", "340")]


@pytest.mark.parametrize(("label", "kind"), [
    ("Size before compression (bytes)", "metric"), ("Free memory after boot", "metric"),
    ("Before", "baseline"), ("IOPS after patching", "patched"), ("BW before the fix", "baseline"),
    ("lat after this series", "patched"), ("latency before v2", "baseline"),
])
def test_before_or_after_a_step_of_the_run_names_a_quantity_not_a_side(label, kind):
    assert column_kind(label) == kind


def test_grids_captioned_by_a_metric_and_its_unit_are_not_runs_to_compare():
    """The same three governors measured twice, power then run time: the captions name the metrics, so
    the second grid is no "patched" run of the first."""
    text = ("Package power (watts):\nladder      teo        menu\n31.2044    33.10021    30.87413\n"
            "                 6.08%        -1.06%\n\nRun time (minutes):\nladder   teo        menu\n"
            "61    59.250    60.125\n        -2.87%    -1.43%\n")
    assert not any("watts" in (t.item.baseline_label or "") for t in analyze_body(text).tables)


def test_spread_columns_under_each_setup_are_not_compared():
    """A box table grouping "Mean | ci(+/-)" under each setup: the means are compared, their confidence
    intervals are how far each mean may be off, not a result of the change."""
    text = ("Energy (J):\n"
            "+--------+-------------------+-------------------+\n"
            "|        |          baseline |           patched |\n"
            "+--------+---------+---------+---------+---------+\n"
            "| #Tasks |    Mean | ci(+/-) |    Mean | ci(+/-) |\n"
            "+--------+---------+---------+---------+---------+\n"
            "|    8   |   5.12  |    0.21 |   4.60  |    0.33 |\n"
            "|    16  |  11.05  |    0.40 |  10.71  |    0.12 |\n"
            "+--------+---------+---------+---------+---------+\n")
    (table,) = analyze_body(text).tables
    assert [(p.baseline_text, p.patched_text) for p in table.item.pairs] == [("5.12", "4.60"), ("11.05", "10.71")]


def test_the_same_two_setups_printed_again_per_device_pair_in_turn():
    """"Base kernel: 412" / "Striped writeback: 803" under one device, then again under another: each
    baseline row against the row right after it, never the first baseline against both."""
    assert [(b, n) for _, b, n in pairs("sides_again_per_device.txt")] == [("412 MiB/s", "803 MiB/s"),
                                                                          ("377 MiB/s", "1290 MiB/s")]


def test_a_change_printed_after_the_value_names_the_other_line_the_reference():
    """"old-gov: 58.40 watts" / "new-gov: 61.22 watts +4.8%": one statement of two setups, the second
    against the first, as its change says."""
    found = findings("two_setups_change_beside.txt")
    assert found.tables == ()
    assert [(r.item.baseline, r.item.patched) for r in found.results] == [(58.4, 61.22)]


def test_rows_that_each_print_their_change_against_a_reference_elsewhere_are_a_table():
    (table,) = [t.item for t in findings("changes_against_a_reference_above.txt").tables]
    assert table.pairs == ()


def test_a_difference_noted_in_brackets_after_a_side_is_no_value_of_its_own():
    """"After: 3.911 secs (2.293 secs faster)": the note says how far the side moved, the line is still
    one "key: value" of a before/after pair."""
    found = findings("difference_noted_after_a_side.txt")
    assert [(r.item.baseline, r.item.patched) for r in found.results] == [(6.204, 3.911)]


def test_rows_of_a_setting_and_its_negation_are_the_setups_under_each_caption():
    """"sametags" / "non sametags" rows under one caption per scheduler: each table compares the
    setting off ("non ...") with it on; the captions name what else was run, not two sides. The
    key=value pairs inside a barred cell are that cell's text, not the row's keys."""
    tables = [t.item for t in findings("non_setting_rows_per_scheduler.txt").tables]
    assert [(t.baseline_label, t.patched_label) for t in tables] == [("non sametags", "sametags")] * 2
    assert [(p.baseline, p.patched) for t in tables for p in t.pairs] == [(131000, 88000), (119000, 117000)]


def test_runs_printed_again_with_their_rows_renamed_are_paired_by_the_rows_words():
    """A patch that replaces a template ("cbc(aes-ce)") by a driver of its own ("cbc-aes-ce") prints the
    same rows under other punctuation: the Before and After tables still pair row by row."""
    (table,) = [t.item for t in findings("rows_renamed_by_the_patch.txt").tables]
    assert (table.baseline_label, table.patched_label) == ("Before:", "After:")
    assert ("cbc(aes-ce) block-size 16", 120.10, 180.44) in [(p.label, p.baseline, p.patched) for p in table.pairs]


def test_setup_names_over_pairs_of_metric_columns_in_tabs_name_the_sides():
    """"feature on / feature off" over "cycles nsec / cycles nsec", tab-separated, with a blank line before
    the rows and between their groups, the label column named "case name": one table of two setups."""
    (table,) = [t.item for t in findings("setups_over_metric_pairs_with_tabs.txt").tables]
    assert (table.baseline_label, table.patched_label) == ("feature off", "feature on")
    assert ("alloc_free", "cycles", 48, 52) in [(p.label, p.metric, p.baseline, p.patched) for p in table.pairs]
    assert {p.label for p in table.pairs} >= {"empty_loop", "remote_free_bulk"}


def test_runs_of_two_commands_from_one_setup_to_another_pair_command_by_command():
    """Two dd commands run "from:" one setup and again "to" the other: each command's run before pairs
    with its run after, in one table."""
    (table,) = [t.item for t in findings("dd_runs_from_and_to.txt").tables]
    assert table.reader == "dd"
    rates = [(p.baseline, p.patched) for p in table.pairs if p.label.endswith("rate")]
    assert rates == [(1.3, 10.4), (1.4, 44.3)]


def test_one_line_settings_alike_but_for_a_comment_mark_are_no_runs_to_compare():
    text = ("Tested these two boot command lines:\n\n"
            "BOOT_ARGS=\"quiet splash=1 idle_delay=300 governor=fast\"\n\nand\n\n"
            "#BOOT_ARGS=\"quiet splash=1 idle_delay=450 governor=fast\"\n")
    findings_ = analyze_body(text)
    assert findings_.tables == () and findings_.results == ()


def test_a_summary_row_that_marks_its_missing_values_carries_on_the_table_above():
    """"mean  812  -  790  -" after a blank line: the dashes keep the places of the values left out, so
    the row is read in the columns of the table above; rows with no marks in the gaps stay apart."""
    rows = ("case\t\tbase\t\t\tpatched\n\t\tcycles\tnsec\t\tcycles\tnsec\n"
            "worker 0\t801\t350.2\t\t780\t341.0\nworker 1\t823\t359.9\t\t799\t349.3\n")
    (table,) = [t.item for t in analyze_body(rows + "\nmean\t\t812\t-\t\t790\t-\n").tables]
    assert ("mean", "cycles", 812, 790) in [(p.label, p.metric, p.baseline, p.patched) for p in table.pairs]
    (table,) = [t.item for t in analyze_body(rows + "\n2\twarnings in\tsecurity/hooks.c:81\n").tables]
    assert all(p.label.startswith("worker") for p in table.pairs)


def test_one_whole_number_in_every_column_of_a_lone_row_is_a_setting_not_a_result():
    """"nr_requests  64  64" under "baseline | patched" is what both runs were set to; a measured value
    under the same header is a result."""
    setting = ("Before and after the change:\n\n"
               "                 baseline    patched\n  nr_requests         64          64\n")
    assert not analyze_body(setting, None).results and not analyze_body(setting, None).tables
    measured = analyze_body(setting.replace("64          64", "  64.1        58.3"), None)
    assert [(p.baseline, p.patched) for t in measured.tables for p in t.item.pairs] == [(64.1, 58.3)]


_RATIO_ROWS = """Hash speed in MB/s, by block size:

 algo     driver        16       64      256     1024
 ----------------------------------------------------
          accel**   442.80  1309.21  3257.53  5221.56
 sha1     soft**    341.44   813.27  1458.98  1818.03
          ratio       1.30     1.61     2.23     2.87
 ----------------------------------------------------
          accel     451.70  1313.65  2958.71  4658.55
 sha256   soft      202.62   463.55   845.01  1070.50
          ratio       2.23     2.83     3.50     4.35
 ----------------------------------------------------
"""


def test_two_runs_and_their_ratio_row_per_group_pair_the_runs_the_ratio_says():
    """The ratio is the accelerated run over the software one, so the software run is the baseline; the
    group's name, printed in one of its rows, labels the pairs; the block sizes over the rows are the
    header, however much they look like numbers."""
    tables = analyze_body(_RATIO_ROWS, None).tables
    assert len(tables) == 1
    table = tables[0].item
    assert (table.baseline_label, table.patched_label) == ("soft", "accel")
    pairs = {(p.label, p.baseline, p.patched) for p in table.pairs}
    assert ("sha1 16", 341.44, 442.8) in pairs and ("sha256 1024", 1070.5, 4658.55) in pairs
    assert len(pairs) == 8


def test_a_change_row_its_runs_do_not_bear_out_pairs_nothing():
    wrong = _RATIO_ROWS.replace("1.30     1.61", "0.77     1.61")
    assert all(not t.item.pairs for t in analyze_body(wrong, None).tables)


def test_a_percentage_row_under_two_runs_is_taken_against_the_first():
    body = ("Latency in usec, by queue depth:\n\n"
            "            qd1     qd2     qd4\n"
            " before    10.0    20.0    40.0\n"
            " after      9.0    17.0    30.0\n"
            " diff      -10%    -15%    -25%\n")
    table = analyze_body(body, None).tables[0].item
    assert [(p.baseline, p.patched) for p in table.pairs] == [(10.0, 9.0), (20.0, 17.0), (40.0, 30.0)]


@pytest.mark.parametrize(("name", "kind"), [("rss_before", "baseline"), ("rss_after", "patched"),
                                            ("lat_base", "baseline"), ("std_wo", "spread"),
                                            ("nr_pages", "unknown")])
def test_a_side_joined_to_a_metric_by_an_underscore_names_the_side(name, kind):
    from extractors.tables.pairing import grid_column_kind

    (grid,) = read_grids([f"queues    {name}", "1         1300", "4         4000"])
    assert grid_column_kind(grid, 0) == kind


def test_a_row_named_as_a_variable_with_a_side_suffix_names_no_side():
    """"capacity_orig = 800" over "uclamp_min = 512" prints the code's variables, not two setups."""
    body = "With these values:\n\n  capacity_orig = 800\n  uclamp_min = 512\n  util = 200\n"
    assert not any(t.item.pairs for t in analyze_body(body, None).tables)
    assert not analyze_body(body, None).results


def test_columns_named_metric_underscore_side_pair_their_rows():
    body = "Peak memory by queue count:\n\nqueues      rss_before     rss_after\n" \
           "1               1300M          800M\n" \
           "4               4000M         2300M\n8               7300M         3300M\n"
    table = analyze_body(body, None).tables[0].item
    assert (table.baseline_label, table.patched_label) == ("rss_before", "rss_after")
    assert len(table.pairs) == 3


def test_spread_columns_named_with_a_side_suffix_stay_spreads():
    """"mean_wo | std_wo | mean_w | std_w | ratio": the means are the sides, the stds their spreads."""
    body = ("Results, 5 runs each:\n\n|   ms |    mean_wo |   std_wo |    mean_w  |  std_w  |     ratio |\n"
            "+------+------------+----------+------------+---------+-----------+\n"
            "|    1 |    8087797 |    40312 |    8101223 |   39877 |     1.002 |\n"
            "|    2 |   16175531 |    80123 |   16189011 |   81001 |     1.001 |\n"
            "|    4 |   32350010 |   161004 |   32371988 |  159870 |     1.001 |\n")
    (table,) = [t.item for t in analyze_body(body, None).tables]
    assert [(p.baseline, p.patched) for p in table.pairs] == [(8087797, 8101223), (16175531, 16189011),
                                                              (32350010, 32371988)]


def test_records_headed_by_the_codes_constants_are_a_dump_not_setups():
    """Structures a tool dumps under enum names ("SAVE_RING:"), a switch among their fields ("last:
    false" / "last: true"): neither the switch nor the fields name setups, and the numbers measure nothing."""
    body = ("$ ./ringdump save 4242 | ./ringdump load --dry-run\n"
            "SAVE_RING:\n\tring_fd: 3\n\tlast: false\n\t\tflags: 14\n\t\tsq_entries: 8\n\t\tcq_entries: 16\n"
            "SAVE_RING:\n\tring_fd: 4\n\tlast: true\n\t\tflags: 46\n\t\tsq_entries: 8\n\t\tcq_entries: 32\n")
    found = analyze_body(body, None)
    assert not any(t.item.pairs for t in found.tables) and not found.results


@pytest.mark.parametrize(("caption", "side"), [("Before          After           Symbol", None),
                                                ("Before\t\tAfter\t\tSymbol", None),
                                                ("before patch:", "baseline")])
def test_both_sides_named_apart_by_a_column_gap_are_column_names_not_a_side(caption, side):
    assert caption_side(caption) == side


def test_a_bare_load_keys_the_measurements_at_it():
    # "64: ~10s": what was measured at a load of 64, the same loads under a caption per side
    assert pairs("load_points_under_captions.txt") == [("4", "~7s", "~5.5s"), ("64", "~10s", "~6s"),
                                                        ("1024", "~55s", "~7.1s")]


def test_a_header_underlined_by_dashes_names_rows_whose_first_column_is_indented_alike():
    # the rows are tab-indented as deep as a header's second line would be: still rows, and the header
    # is no caption, so the side captions above it (past a command) name the two runs
    found = findings("underlined_header_after_a_command.txt")
    assert [(t.item.baseline_label, t.item.patched_label) for t in found.tables] == \
        [("With vanilla 6.1-rc2", "With 6.1-rc2 + this series, knob=30")]
    assert [(p.label, p.baseline, p.patched) for p in found.tables[0].item.pairs] == \
        [("5", 6120, 3), ("50", 18835, 5), ("95", 29711, 311)]


def test_one_measure_in_setups_under_captions_and_fields_closed_like_sentences():
    # "before: 8120ns" / "after: 5530ns, reduce 2590ns." under captions that name one measure in several
    # setups: one table; the captions that name another measure make a table of their own
    found = findings("stated_fields_under_setup_captions.txt")
    assert [[(p.label, p.baseline, p.patched) for p in t.item.pairs] for t in found.tables] == [
        [("foo_syscall() time with 50 rules", 8120, 5530), ("foo_syscall() time with default rules", 6905, 7011)]]
    assert [(r.item.baseline, r.item.patched) for r in found.results] == [(12.41, 0.22)]


def test_one_measure_of_several_operations_under_captions_with_indented_fields():
    # "add() time:" and "del() time:" name one measure of two operations: the rows of one table; the
    # fields under them, indented and closed by full stops, are records, not sentences stating changes
    found = findings("stated_fields_under_operation_captions.txt")
    assert [[(p.label, p.baseline, p.patched) for p in t.item.pairs] for t in found.tables] == [
        [("foo_add() time", 2810, 6020), ("foo_del() time", 3075, 6711)]]
    assert found.claims == ()


def test_runs_at_several_loads_under_a_kernel_and_that_kernel_with_the_series():
    # "X + this series:" names the patched kernel, the heading it extends the baseline; the runs at each
    # load pair in order
    assert [(p.baseline, p.patched) for p in findings("load_runs_under_kernel_headings.txt").tables[0].item.pairs] == \
        [(231000, 240000), (452000, 470000), (870000, 905000)]


def test_rows_named_as_a_diff_names_its_lines_under_names_printed_apart():
    # "-" the old run, "+" the new; the names over the rows stand a blank line above them, with the spread's
    # name over the spread printed beside the last value, and their units on a line of their own
    (table,) = [t.item for t in findings("diff_sides_under_names_apart.txt").tables]
    assert (table.baseline_label, table.patched_label) == ("-", "+")
    assert [(p.label, p.baseline, p.patched) for p in table.pairs][:2] == [("Min (ns)", 188.20, 180.02),
                                                                          ("Mean (ns)", 203.51, 195.33)]


def test_the_same_setups_printed_again_per_load_are_a_comparison_per_block():
    # each block lists every setup, its baseline among them, at one load: a whole comparison by itself
    found = findings("setups_per_load_blocks.txt")
    assert [(t.first_line, t.last_line) for t in found.tables] == [(2, 5), (7, 10)]
    assert ("fastpoll avglat", 160.0, 66.0) in [(p.label, p.baseline, p.patched) for p in found.tables[1].item.pairs]


def test_setups_named_by_a_setting_and_its_value_are_compared_with_the_baseline_row():
    # "defer10" reads like a numbered instance ("cpu0"), but beside a named baseline it is one more setup
    pairs = {(p.label, p.baseline, p.patched) for t in findings("setups_named_with_values.txt").tables
             for p in t.item.pairs}
    assert {("defer10 avglat", 127.0, 64.0), ("defer50 avglat", 127.0, 91.0)} <= pairs


def test_columns_of_test_counts_and_failure_rates_count_failures():
    """"tests | fail rate" by kernel: how often a test broke, not how fast anything ran."""
    (grid,) = read_grids(["Kernel      tests    fail rate", "base         2210      3.20%",
                          "patched      5120     11.05%"])
    assert counts_failures(grid)
    (timed,) = read_grids(["Kernel      runs    time (s)", "base         20      31.2", "patched      20      30.1"])
    assert not counts_failures(timed)
    # what broke, named among other words: a fuzzer's findings per filesystem
    (found,) = read_grids(["FS     | new hang kinds (%) | more crashes (%)", "ext2   |        30%         |      410%",
                           "jfs    |        12%         |       35%"])
    assert counts_failures(found)
    (spread,) = read_grids(["Kernel    mean (s)    std error", "base        31.2        0.4", "patched     30.1        0.3"])
    assert not counts_failures(spread)


def test_a_signature_with_a_key_fingerprint_printed_twice_is_no_table():
    """A signature repeated (the client added it again under the first): the first "-- " reads as a
    separator, and the key's fingerprint, groups of hex digits, as a row of numbers."""
    sig = ("-- \ngpg @keys.example.org: Ann Example <annATexample.org>\n"
           "Key fingerprint 1A2B 3C4D 5E6F 7081 92A3 B4C5  D6E7 F809 1A2B 3C4D\n")
    said = 'So the fault is real. It shows when "fooctl show <dev>" runs with no key given at all.'
    body = said + "\n\nBR\n\n" + sig + "\n" + sig
    assert analyze_body(body).tables == ()


def test_instances_a_program_numbers_from_zero_are_no_sides():
    """A dump's "backup 0:" and "backup 1:" name two records of one listing (a program counts from 0),
    not a baseline and a patched run, however alike their fields."""
    record = "\t\t{}_root:\t{}\tgen: {}\tlevel: {}\n"
    body = ("Here is the dump you asked for:\n\nroots[2]:\n\tbackup 0:\n"
            + record.format("tree", 30425088, 4521, 1) + record.format("extent", 30441472, 4521, 2)
            + record.format("fs", 30408704, 4520, 1) + "\n\tbackup 1:\n"
            + record.format("tree", 30474240, 4522, 1) + record.format("extent", 30490624, 4522, 2)
            + record.format("fs", 30457856, 4522, 1) + "\nThanks\n")
    assert analyze_body(body).tables == ()


def test_contact_lines_between_two_signature_marks_are_no_table():
    """A signature with a motto under a second "--": the name over a phone number with its country code in
    brackets reads like a label over a value, but it is how to reach someone."""
    body = ("We gave up on the old layout for the archive boxes, since a check takes hours with volumes that "
            "large.\n\nVennlig hilsen\n\nper\n--\nPer Olav Hansen\n(+47) 91234567\nhttp://blogg.example.no/\n"
            "PGP key: https://example.no/per.asc\n--\nEt ordtak paa et annet sprak.\n")
    assert analyze_body(body).tables == ()


def test_side_lines_headed_per_case_are_one_table():
    (table,) = findings("headed_side_lines_per_case.txt").tables
    assert [p.label for p in table.item.pairs] == ["4KB, guest to host", "64B, guest to host", "4KB, host to guest"]


@pytest.mark.parametrize(("labels", "expected"), [
    (["send by socket", "send by ring", "receive by socket", "receive by ring"], [(0, 1), (2, 3)]),
    (["total gmean base_60hz", "total gmean base_boost_60hz", "idle gmean base_60hz", "idle gmean base_boost_60hz"],
     [(0, 1), (2, 3)]),  # the second way is the first with something added
    (["menu too deep", "menu too shallow", "teo too deep", "teo too shallow"], []),  # kinds of a count, no ways
    (["Yes P", "No P", "Yes E", "No E"], []),  # a switch printed first, over core types
    (["read 4k", "read 8k", "write 4k", "write 8k"], []),  # points of a sweep
])
def test_two_ways_of_each_thing_alternate_in_the_rows(labels, expected):
    assert negated_pairs(labels) == expected


def test_changes_in_pct_find_the_reference_but_state_no_change_of_their_own():
    """Comparison scripts print "(4.52 pct)" as a gain whichever way is better: the nil column is the
    baseline, but a gain printed against a time that fell is no discrepancy of the table's."""
    found = findings("gains_in_pct_beside_a_named_base.txt")
    (table,) = found.tables
    assert [(p.baseline, p.patched) for p in table.item.pairs][:2] == [(4.2, 4.01), (4.2, 3.95)]
    assert found.anomalies == () and all(p.reported_delta_pct is None for p in table.item.pairs)


def test_a_change_column_printing_gains_is_no_discrepancy():
    """"0.081  0.075  7.41%": every printed change is the values' change with the sign turned, a time
    cut printed as a gain; no row of the table disagrees with its values."""
    found = findings("change_column_printing_gains.txt")
    (table,) = found.tables
    assert [(p.baseline, p.patched) for p in table.item.pairs][:1] == [(0.081, 0.075)]
    assert found.anomalies == ()


@pytest.mark.parametrize(("first", "second", "expected"), [
    ("time ./old/prog -a", "time ./new/prog -a", ("old", "new")),
    ("perf stat ./bench-base 100", "perf stat ./bench-patched 100", ("base", "patched")),
    # the same build run with another argument: a setting, no side
    ("time ./prog 100", "time ./prog 200", None),
    # two pieces apart: not one build for another
    ("./old/prog-a", "./new/prog-b", None),
    # the words apart name no side
    ("time ./ext4/prog", "time ./xfs/prog", None),
])
def test_commands_apart_in_one_piece_name_the_builds_they_ran(first, second, expected):
    assert sides_in_commands(first, second) == expected


def test_percentages_under_conditions_are_no_two_sides():
    """Percentages printed once under each of two captions a word apart that name no side ("Warm caches:"
    / "Cold caches:") are the gains under each condition, not a baseline and a patched run; under
    captions naming the sides they are measured shares and compare."""
    rows = "fork\t\t{}%\nexec\t\t{}%\nopen\t\t{}%\n"
    body = ("The test sends a signal to a forked child.\n\nWarm caches:\n\n" + rows.format(2.1, 4.0, 1.2)
            + "\nCold caches:\n\n" + rows.format(30.5, 12.2, 0.4))
    assert not any(t.item.pairs for t in analyze_body(body).tables)
    sided = body.replace("Warm caches:", "Before:").replace("Cold caches:", "After:")
    assert ("exec", "4.0%", "12.2%") in {(p.label, p.baseline_text, p.patched_text)
                                         for t in analyze_body(sided).tables for p in t.item.pairs}


def test_words_after_a_pair_separator_open_the_next_key():
    """"Workers = 64, Total Rate = 1,204 kop/s; Per-worker Rate = 19 kop/s": the words after a separator are
    the first words of the next key, so the two rates are two fields, not one key printed twice."""
    grid, = read_grids(["Workers = 64, Total Rate = 1,204 kop/s; Per-worker Rate = 19 kop/s",
                        "Workers = 64, Total Rate = 1,388 kop/s; Per-worker Rate = 22 kop/s"])
    assert grid.header == ("Total Rate", "Per-worker Rate")
    assert [[cell.text for cell in row.cells] for row in grid.rows] == [["1,204 kop/s", "19 kop/s"],
                                                                       ["1,388 kop/s", "22 kop/s"]]


def test_a_remark_between_two_captions_ends_the_table_above():
    """A sentence between one measurement and the caption of the next ends the first: the second table
    starts at its own sides, not at the lines printed before the remark."""
    found = findings("remark_between_two_measurements.txt")
    assert [(t.first_line, t.last_line) for t in found.tables] == [(12, 19)]
    assert ("sys", 610.33, 590.04) in [(p.label, p.baseline, p.patched) for p in found.tables[0].item.pairs]


def test_columns_grouped_by_device_are_read_but_compare_no_kernels():
    """"hdd+ssd | all-ssd" over "random | seq": the devices the runs were made on, not a baseline and its change."""
    (table,) = findings("device_groups_over_workloads.txt").tables
    assert len(table.item.rows) == 3 and table.item.pairs == ()


def test_a_header_naming_both_sides_over_one_row_is_read_though_it_holds_a_figure():
    """"1% filled  90%-filled stock  patched": the line names the runs of the one row under it."""
    (table,) = findings("one_row_under_named_sides.txt").tables
    assert [(p.baseline, p.patched) for p in table.item.pairs] == [(4120.0, 388.0)]


def test_one_row_under_a_header_of_named_columns_is_a_table():
    """A header line over one row is a table the author drew, one row long: its pairs are a table's, not
    a statement's."""
    found = findings("one_row_under_a_header.txt")
    assert found.results == ()
    (table,) = found.tables
    assert [(p.baseline_text, p.patched_text) for p in table.item.pairs] == [("1820ns", "1511ns")]


@pytest.mark.parametrize(("first", "second", "sides"), [
    ("writing bs 4096, nocache 0", "writing bs 4096, nocache 1", ("without nocache", "with nocache")),
    ("./bench --zerocopy=yes -n 8", "./bench --zerocopy=no -n 8", ("with zerocopy", "without zerocopy")),
    ("run 0 of the loop", "run 1 of the loop", None),  # numbered runs, no switch
])
def test_commands_apart_in_a_switch_value_name_the_run_without_and_with_it(first, second, sides):
    assert sides_in_commands(first, second) == sides


def test_rows_named_by_a_time_are_points_of_a_series_not_a_time_metric():
    (table,) = findings("runs_opening_with_a_switch_value.txt").tables
    assert table.item.higher_is_better is True and {p.verdict for p in table.item.pairs} == {"better"}


def test_blocks_under_one_caption_each_naming_their_sides_are_tables_of_their_own():
    """Two blocks under "dd results ...:", each with its header of sides: two comparisons, not one run
    printed twice; "this commit" names the patched side, so it is paired with the baseline too."""
    tables = findings("blocks_each_with_their_own_sided_header.txt").tables
    assert [t.first_line for t in tables] == [1, 5]
    assert ("MB/s", "301.7", "299.8") in [(p.label, p.baseline_text, p.patched_text) for p in tables[1].item.pairs]


def test_rows_after_console_lines_in_fenced_runs_pair_under_the_captions_above_the_fences():
    """The console's lines under a command ("random: crng init done") are a log, the rates after them a
    table; the caption stands above the "```" that opens the block, and the samples, one label repeated
    with rates in every cell, are rows of one run."""
    found = findings("console_lines_before_rows_in_fences.txt")
    (table,) = found.tables
    assert (table.item.baseline_label, table.item.patched_label) == ("Without GSO:", "With GSO:")
    assert (41.0, 139.0) in [(p.baseline, p.patched) for p in table.item.pairs]
    assert dict(found.block_counts)["log"] == 2


def test_case_names_printed_above_their_values_name_the_rows():
    """A comparison tool prints each case's parameters on a line of their own and the case's values on
    the next, under the header's columns; "(R)" flags a change as significant."""
    (table,) = findings("cases_named_above_their_values.txt").tables
    rows = [(row.label, list(row.values)) for row in table.item.rows]
    assert rows[0] == ("small_alloc_test: n:1, shared:0, loops:200000", [412331.5, -8.2])
    assert [label for label, _ in rows][1:] == ["small_alloc_test: n:8, shared:1, loops:200000",
                                                "large_alloc_test: n:1, shared:0, loops:50000"]


def test_the_same_devices_in_runs_captioned_as_each_side_pair_up():
    """"Before this patch" over "1) iostat:", "After this patch:" over the same: the devices are measured
    in both runs, so "Device" naming instances is no reason to leave the runs unpaired."""
    found = pairs("iostat_before_and_after_numbered_parts.txt")
    assert ("md1 rMB/s", "1950.10", "2800.30") in found and ("sd* r_await", "1.12", "0.58") in found


def test_runs_under_ruled_case_headings_pair_per_cpu_and_the_affinity_listing_does_not():
    """"Case A: without this patch" framed by rules heads a listing of IRQ affinities and a per-CPU run:
    the runs pair under the columns the "CPU 0 1 2 3" line over the rule names; IRQ rows are instances."""
    found = pairs("per_cpu_runs_under_ruled_case_headings.txt")
    assert ("pass 1 CPU 0", "41.20", "20.44") in found and ("pass 2 CPU 3", "21.66", "20.10") in found
    assert not any(label.startswith("IRQ") for label, _, _ in found)


def test_gnu_time_lines_named_by_their_kernel_pair_under_those_names():
    (table,) = findings("gnu_time_lines_named_per_kernel.txt").tables
    assert (table.item.baseline_label, table.item.patched_label) == ("Unpatched 6.2", "Patched 6.2-rc+")
    assert ("elapsed", "0:31.20", "0:29.85") in pairs("gnu_time_lines_named_per_kernel.txt")


def test_a_row_under_the_header_rule_is_a_row_and_each_row_with_a_printed_change_pairs_with_the_baseline():
    """"parent | 5.210M | baseline" under "|---|" is the first row, not a second header line; "broken" and
    "fixed" both print their change against it, so both are compared with it."""
    (table,) = findings("reference_row_naming_itself_baseline.txt").tables
    assert table.item.baseline_label == "parent"
    found = pairs("reference_row_naming_itself_baseline.txt")
    assert ("broken msgs/sec mean", "5.210M", "4.100M") in found
    assert ("fixed msgs/sec mean", "5.210M", "5.020M") in found


def test_setups_timed_in_rows_under_a_caption_that_tells_an_improvement_are_compared():
    """Three setups in rows, each timed in every phase, under "is improved as below": a comparison, the
    first setup printed first; "I/O" in a label is a word, no formula over other rows."""
    (table,) = findings("setups_timed_under_an_improvement.txt").tables
    assert table.item.baseline_label == "backend buffered I/O file"
    assert ("backend direct I/O file 1st read", "0.412s", "1.930s") in pairs("setups_timed_under_an_improvement.txt")


def test_signed_percentages_of_named_metrics_per_workload_are_a_table_of_changes():
    """"Random write: +18.40% IOPS, +18.37% BW": the sign says which way, the word after it what changed."""
    (table,) = findings("signed_changes_per_workload.txt").tables
    assert table.item.columns == ("IOPS", "BW") and table.item.pairs == ()
    assert [row.values for row in table.item.rows][1] == (-1.2, -1.18)

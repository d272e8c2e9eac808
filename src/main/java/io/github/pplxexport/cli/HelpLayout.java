package io.github.pplxexport.cli;

import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.Model.UsageMessageSpec;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The usage help's layout: text wraps at spaces only, to the terminal's width (picocli's own wrapping
 * breaks inside file names and URLs, after every dot), a command's own options come first (those it declares,
 * then those of its other mixins) and the global options it accepts in a section of their own, and the command list
 * shows each command's one-line header. Lines of a footer that start with two spaces (examples) are printed as they are.
 */
final class HelpLayout {
    /** Wider terminals still get lines that can be read. */
    static final int MAX_WIDTH = 120;
    /** The widest option label that still shares its line with the description. */
    static final int LABEL_MAX = 28;

    private HelpLayout() {
    }

    /** Uses this layout for {@code cli} and all its subcommands, at the terminal's width. */
    static void install(CommandLine cli) {
        cli.setUsageHelpAutoWidth(true);
        apply(cli);
    }

    private static void apply(CommandLine c) {
        Map<String, CommandLine.IHelpSectionRenderer> m = c.getHelpSectionMap();
        // the one-line header (the command list's summary) opens the description, after the synopsis
        m.put(UsageMessageSpec.SECTION_KEY_HEADER, h -> "");
        m.put(UsageMessageSpec.SECTION_KEY_DESCRIPTION_HEADING, h -> "\n");
        m.put(UsageMessageSpec.SECTION_KEY_DESCRIPTION, h -> paragraphs(new String[]{String.join(" ",
                String.join(" ", h.commandSpec().usageMessage().header()),
                String.join(" ", h.commandSpec().usageMessage().description())).strip()}, width(h)));
        m.put(UsageMessageSpec.SECTION_KEY_PARAMETER_LIST_HEADING, h -> "");
        m.put(UsageMessageSpec.SECTION_KEY_PARAMETER_LIST, h -> "");
        m.put(UsageMessageSpec.SECTION_KEY_OPTION_LIST_HEADING, h -> "");
        m.put(UsageMessageSpec.SECTION_KEY_OPTION_LIST, HelpLayout::options);
        m.put(UsageMessageSpec.SECTION_KEY_COMMAND_LIST_HEADING, h -> "");
        m.put(UsageMessageSpec.SECTION_KEY_COMMAND_LIST, HelpLayout::commands);
        m.put(UsageMessageSpec.SECTION_KEY_FOOTER_HEADING, h -> "");
        m.put(UsageMessageSpec.SECTION_KEY_FOOTER, h -> paragraphs(h.commandSpec().usageMessage().footer(), width(h)));
        c.getSubcommands().values().forEach(HelpLayout::apply);
    }

    /** The longest command name that sets the column of the command list. */
    static final int COMMAND_MAX = 14;

    static int width(Help help) {
        return Math.min(help.commandSpec().usageMessage().width(), MAX_WIDTH);
    }

    /** Parameters and the command's own options, then its global options. */
    static String options(Help help) {
        CommandSpec spec = help.commandSpec();
        Set<String> global = new HashSet<>();
        Set<String> mixedIn = new HashSet<>();
        for (CommandSpec mixin : spec.mixins().values()) {
            mixin.options().forEach(o -> (mixin.userObject() instanceof GlobalOptions.Part ? global : mixedIn)
                    .add(o.longestName()));
        }
        List<String[]> own = new ArrayList<>();
        List<String[]> ownMixedIn = new ArrayList<>();
        List<String[]> shared = new ArrayList<>();
        for (PositionalParamSpec p : spec.positionalParameters()) {
            if (!p.hidden()) {
                own.add(new String[]{p.paramLabel(), description(p)});
            }
        }
        for (OptionSpec o : spec.options()) {
            // --version belongs to the top level; a command still accepts it
            if (!o.hidden() && !(spec.parent() != null && o.versionHelp())) {
                String n = o.longestName();
                (global.contains(n) ? shared : mixedIn.contains(n) ? ownMixedIn : own).add(new String[]{label(o), description(o)});
            }
        }
        // the options of a command's other mixins (--no-pacing, --help) after those it declares itself, also where a
        // superclass has the mixin (OnlineCommand)
        own.addAll(ownMixedIn);
        StringBuilder sb = new StringBuilder();
        int w = width(help);
        if (!own.isEmpty()) {
            sb.append("\nOptions:\n").append(table(own, w));
        }
        if (!shared.isEmpty()) {
            sb.append(spec.parent() == null ? "\nGlobal options (before or after the command name):\n"
                    : "\nGlobal options (also accepted before the command name):\n").append(table(shared, w));
        }
        return sb.toString();
    }

    /** Every subcommand with its one-line header. */
    static String commands(Help help) {
        List<String[]> rows = new ArrayList<>();
        for (Map.Entry<String, Help> e : help.subcommands().entrySet()) {
            CommandSpec sub = e.getValue().commandSpec();
            if (!sub.usageMessage().hidden()) {
                String[] header = sub.usageMessage().header();
                String[] description = sub.usageMessage().description();
                rows.add(new String[]{e.getKey(), header.length > 0 ? header[0] : description.length > 0 ? description[0] : ""});
            }
        }
        return rows.isEmpty() ? "" : "\nCommands:\n" + table(rows, width(help), COMMAND_MAX);
    }

    /** {@code -v, --verbose}, {@code     --out=DIR}, {@code     --log-file[=PATH]}. */
    static String label(OptionSpec o) {
        String shortName = null;
        List<String> longNames = new ArrayList<>();
        for (String n : o.names()) {
            if (n.length() == 2 && shortName == null) {
                shortName = n;
            } else {
                longNames.add(n);
            }
        }
        String name = (shortName == null ? "    " : shortName + (longNames.isEmpty() ? "" : ", ")) + String.join(", ", longNames);
        if (o.arity().max() == 0) {
            return name;
        }
        return name + (o.arity().min() == 0 ? "[=" + o.paramLabel() + "]" : "=" + o.paramLabel());
    }

    private static String description(ArgSpec a) {
        return String.join(" ", a.description());
    }

    /** Two columns: labels, then descriptions wrapped at spaces; a long label puts its text on the next line. */
    static String table(List<String[]> rows, int width) {
        return table(rows, width, LABEL_MAX);
    }

    /**
     * {@link #table(List, int)} with labels of at most {@code labelMax} setting the column; a longer label keeps a
     * one-line text beside it when that fits the width (the long command names: search-mode-backfill).
     */
    static String table(List<String[]> rows, int width, int labelMax) {
        int labels = 0;
        for (String[] r : rows) {
            labels = Math.max(labels, r[0].length() <= labelMax ? r[0].length() : 0);
        }
        int indent = 2 + labels + 2;
        StringBuilder sb = new StringBuilder();
        for (String[] r : rows) {
            List<String> text = wrap(r[1], Math.max(width - indent, 20));
            sb.append("  ").append(r[0]);
            int at = 2 + r[0].length();
            if (at + 2 > indent && text.size() == 1 && at + 2 + text.get(0).length() <= width) {
                sb.append("  ").append(text.get(0)).append('\n');
                continue;
            }
            if (at + 2 > indent && !text.isEmpty()) {
                sb.append('\n');
                at = 0;
            }
            for (String line : text) {
                sb.append(" ".repeat(indent - at)).append(line).append('\n');
                at = 0;
            }
            if (text.isEmpty()) {
                sb.append('\n');
            }
        }
        return sb.toString();
    }

    /**
     * Each element one paragraph, wrapped; elements starting with two spaces as they are; "" a blank line.
     * A footer starts after a blank line.
     */
    static String paragraphs(String[] texts, int width) {
        StringBuilder sb = new StringBuilder();
        for (String t : texts) {
            if (t.startsWith("  ") || t.isEmpty()) {
                sb.append(t).append('\n');
            } else {
                wrap(t, width).forEach(l -> sb.append(l).append('\n'));
            }
        }
        return sb.toString();
    }

    /** Greedy wrap at spaces; a word longer than the width gets a line of its own, whole. */
    static List<String> wrap(String text, int width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.strip().split(" +")) {
            if (word.isEmpty()) {
                continue;
            }
            if (line.length() > 0 && line.length() + 1 + word.length() > width) {
                lines.add(line.toString());
                line.setLength(0);
            }
            line.append(line.length() > 0 ? " " : "").append(word);
        }
        if (line.length() > 0) {
            lines.add(line.toString());
        }
        return lines;
    }
}

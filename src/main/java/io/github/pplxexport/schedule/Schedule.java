package io.github.pplxexport.schedule;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What {@code schedule} writes and prints (reference-cli-and-archive.md §2.16): the reference's cron line, byte for
 * byte, {@code 17 3 * * * cd '<archive parent>' && '<pplx-export>' batch --account '<account>' --out '<archive>'}
 * (into {@code <out>/index/cron_snippet.txt}), and for the OS scheduler a systemd user service + timer that run
 * {@code sync} at the same time. Paths are absolute and single-quoted; the executable is {@code pplx-export} found on
 * {@code PATH}, else the bare name.
 */
public final class Schedule {
    public static final String NAME = "pplx-export";
    public static final String UNIT = "pplx-export-sync";

    private Schedule() {
    }

    /** {@code <out>/index/cron_snippet.txt}. */
    public static Path snippetFile(Path out) {
        return out.resolve("index").resolve("cron_snippet.txt");
    }

    /** The reference's cron line (no trailing newline; the file adds one). */
    public static String cronLine(Path out, String executable, String account) {
        Path root = out.toAbsolutePath().normalize();
        Path parent = root.getParent() != null ? root.getParent() : root;
        return "17 3 * * * cd " + quote(parent.toString()) + " && " + quote(executable) + " batch --account "
                + quote(account) + " --out " + quote(root.toString());
    }

    /** {@code pplx-export} on {@code path} (the PATH variable's value), absolute; else the bare name. */
    public static String executable(String path) {
        if (path != null) {
            for (String dir : path.split(java.io.File.pathSeparator)) {
                if (dir.isEmpty()) {
                    continue;
                }
                Path p = Path.of(dir).resolve(NAME);
                if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                    return p.toAbsolutePath().normalize().toString();
                }
            }
        }
        return NAME;
    }

    /** The user service: one incremental sync of the archive as the account, from the archive's parent folder. */
    public static String systemdService(Path out, String executable, String account) {
        Path root = out.toAbsolutePath().normalize();
        Path parent = root.getParent() != null ? root.getParent() : root;
        return String.join("\n", List.of(
                "# ~/.config/systemd/user/" + UNIT + ".service",
                "[Unit]",
                "Description=pplx-export: incremental sync of " + root,
                "",
                "[Service]",
                "Type=oneshot",
                "WorkingDirectory=" + parent,
                "ExecStart=" + dquote(executable) + " sync --account " + dquote(account) + " --out " + dquote(root.toString()),
                "")) ;
    }

    /** The timer: daily at 03:17 as the cron line, caught up after a night the machine was off. */
    public static String systemdTimer() {
        return String.join("\n", List.of(
                "# ~/.config/systemd/user/" + UNIT + ".timer",
                "[Unit]",
                "Description=pplx-export: daily incremental sync at 03:17",
                "",
                "[Timer]",
                "OnCalendar=*-*-* 03:17:00",
                "Persistent=true",
                "",
                "[Install]",
                "WantedBy=timers.target",
                "",
                "# then: systemctl --user daemon-reload && systemctl --user enable --now " + UNIT + ".timer",
                ""));
    }

    /** POSIX shell single quotes: {@code '} inside becomes {@code '\''}. */
    static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    /** systemd's double quotes: {@code \} and {@code "} escaped, {@code %} doubled (its specifier character). */
    static String dquote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("%", "%%") + "\"";
    }
}

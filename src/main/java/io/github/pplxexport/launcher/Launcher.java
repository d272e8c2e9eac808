package io.github.pplxexport.launcher;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The jar's entry point. {@code java -jar pplx-export.jar …} starts a small JVM that relaunches the same
 * jar, with the same java binary and the same arguments, in a JVM tuned for this tool: the class-data
 * archive built at package time (fast start), C1-only JIT (a run is seconds long, so C2's compile cost
 * never pays back), the serial GC and a bounded heap (small, flat memory), and a UTF-8 locale when the
 * environment has none (so non-ASCII thread folders can be created under cron, systemd or {@code env -i}).
 *
 * <p>The child inherits stdin, stdout and stderr; SIGINT, SIGTERM and SIGHUP are passed on to it; this
 * process exits with the child's exit code. The child is marked by {@value #CHILD_ENV} in its environment
 * and never relaunches; set {@value #NO_RELAUNCH_ENV}=1 to run in this JVM as it was started.
 * Only java.base is used here, so this JVM stays as small and quick as a JVM can be.
 */
public final class Launcher {
    static final String CHILD_ENV = "PPLX_EXPORT_CHILD";
    static final String NO_RELAUNCH_ENV = "PPLX_EXPORT_NO_RELAUNCH";
    /** {@code -Dpplx.cds.dump=true}: write the class-data archive at the child's exit (the build does this). */
    public static final String CDS_DUMP_PROPERTY = "pplx.cds.dump";
    static final String MAIN = "io.github.pplxexport.cli.PplxExportCli";
    /** The command whose class-data archive is {@code pplx-export-serve.jsa}. */
    static final String SERVE = "serve";
    /** mcp answers the protocol on the classes serve's /mcp loads: it starts on serve's class-data archive. */
    static final String MCP = "mcp";
    static final String BENCH = "bench";

    /** The tuned JVM options; a user's own options come after them, so the user's win. */
    static final List<String> JVM_OPTIONS = List.of(
            "-XX:TieredStopAtLevel=1",
            "-XX:+UseSerialGC",
            "-Xms32m",
            "-Xmx512m",
            // memory flat in the archive's size: a young generation of its own size (SerialGC grows it with the old
            // one, to a third of a heap that a 100,000-thread index once grew), and a heap kept near its live data
            "-Xmn12m",
            "-XX:MinHeapFreeRatio=20",
            "-XX:MaxHeapFreeRatio=40",
            "-XX:-UsePerfData",
            // JVM warnings to stderr (stdout carries command output); a class-data archive that does not
            // match this jar (moved, rebuilt) is silently not used
            "-Xlog:disable",
            "-Xlog:all=warning,cds*=off:stderr");

    /**
     * serve's start runs most of its code once (Camel Main's start, the HTTP server's), where compiling costs more
     * than it saves: its JVM compiles a method after four times the calls; the requests' own paths are compiled
     * within the first few dozen requests. An index build (--index-only, --reindex) runs hot loops from the start
     * and keeps the pipeline's settings.
     */
    static final List<String> SERVE_OPTIONS = List.of("-XX:CompileThresholdScaling=4");

    private Launcher() {
    }

    public static void main(String[] args) throws Exception {
        Optional<Path> jar = ownJar();
        if (jar.isEmpty() || System.getenv(CHILD_ENV) != null || System.getenv(NO_RELAUNCH_ENV) != null
                || tunedAlready(jar.get(), args)) {
            ProcessStats.recordAtExit("run");
            runHere(args);
            return;
        }
        ProcessStats.recordAtExit("launcher");
        Process child;
        try {
            child = start(jar.get(), args);
        } catch (IOException e) {
            runHere(args); // the tuned JVM cannot be started: the tool still works in this one
            return;
        }
        Signals.forwardTo(child);
        System.exit(waitFor(child));
    }

    /**
     * Whether this JVM was started as the tuned one would be (the shell launchers start it so, saving a JVM's start):
     * its options before {@code -jar} begin with those {@link #command} would give the command (the class-data archive
     * included), and file names are UTF-8. Anything else, serve's other archive for one, is relaunched as always.
     */
    static boolean tunedAlready(Path jar, String[] args) {
        List<String> own = userJvmOptions();
        List<String> tuned = tunedOptions(jar, args);
        return own.size() >= tuned.size() && own.subList(0, tuned.size()).equals(tuned)
                && isUtf8(System.getProperty("sun.jnu.encoding"));
    }

    /**
     * {@code options} without the pipeline's tuned ones in front, which the shell launchers write (serve, started
     * so, is relaunched with its own archive, which those would override): what the user added.
     */
    static List<String> usersOwn(Path jar, List<String> options) {
        List<String> scripts = tunedOptions(jar, new String[0]);
        return options.size() >= scripts.size() && options.subList(0, scripts.size()).equals(scripts)
                ? options.subList(scripts.size(), options.size()) : options;
    }

    /** The JVM options {@link #command} gives {@code args}, without a user's. */
    static List<String> tunedOptions(Path jar, String[] args) {
        List<String> cmd = command(jar, List.of(), args);
        return cmd.subList(1, cmd.indexOf("-jar"));
    }

    /** Runs the CLI in this JVM (loaded by name, so the relaunching path never loads it). */
    private static void runHere(String[] args) throws Exception {
        Class.forName(MAIN).getMethod("main", String[].class).invoke(null, (Object) args);
    }

    static Process start(Path jar, String[] args) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command(jar, usersOwn(jar, userJvmOptions()), args)).inheritIO();
        Map<String, String> env = pb.environment();
        env.put(CHILD_ENV, "1");
        if (!isUtf8(System.getProperty("sun.jnu.encoding"))) {
            // without a UTF-8 locale Java cannot create non-ASCII file names (a C/POSIX locale)
            env.put("LC_ALL", "C.UTF-8");
        }
        // glibc's per-thread malloc arenas only add resident memory to a JVM
        env.putIfAbsent("MALLOC_ARENA_MAX", "2");
        return pb.start();
    }

    static List<String> command(Path jar, List<String> userOptions, String[] args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(javaBinary());
        boolean ownGc = userOptions.stream().anyMatch(o -> o.startsWith("-XX:+Use") && o.endsWith("GC"));
        for (String o : JVM_OPTIONS) {
            if (!(ownGc && o.equals("-XX:+UseSerialGC"))) {
                cmd.add(o);
            }
        }
        List<String> argList = List.of(args);
        boolean serve = servesPages(argList);
        if (serve && !argList.contains("--index-only") && !argList.contains("--reindex")) {
            cmd.addAll(SERVE_OPTIONS);
        }
        // serve loads other classes (the HTTP server, Lucene) than the pipeline: it has a class-data archive of its own
        String suffix = serve ? "-" + SERVE : "";
        Path archive = jar.resolveSibling(jar.getFileName().toString().replaceFirst("\\.jar$", "") + suffix + ".jsa");
        if (Boolean.getBoolean(CDS_DUMP_PROPERTY)) {
            cmd.add("-XX:ArchiveClassesAtExit=" + archive);
        } else if (Files.isRegularFile(archive)) {
            cmd.add("-XX:SharedArchiveFile=" + archive);
        }
        cmd.addAll(userOptions);
        cmd.add("-jar");
        cmd.add(jar.toString());
        cmd.addAll(List.of(args));
        return cmd;
    }

    /**
     * Whether the command is {@code serve} (or {@code mcp}, which starts on the same classes): the first argument that names a command, passing over options and the
     * values that may follow them ({@code --out DIR serve}). {@code bench serve} is bench: it starts its servers as
     * processes of their own, and times the index step in its own JVM as a sync runs it, with the pipeline's settings.
     */
    static boolean servesPages(List<String> args) {
        boolean afterOption = false;
        for (String a : args) {
            if (a.startsWith("-")) {
                afterOption = true;
            } else if (a.equals(SERVE) || a.equals(MCP) || a.equals(BENCH)) {
                return !a.equals(BENCH);
            } else if (!afterOption) {
                return false; // another command
            } else {
                afterOption = false; // an option's value
            }
        }
        return false;
    }

    /** The JVM options typed before {@code -jar} (environment variables such as JAVA_TOOL_OPTIONS reach the child by themselves). */
    static List<String> userJvmOptions() {
        List<String> out = new ArrayList<>();
        String[] all = ProcessHandle.current().info().arguments().orElse(new String[0]);
        for (String a : all) {
            if (a.equals("-jar")) {
                return out;
            }
            out.add(a);
        }
        return List.of(); // not started with -jar as expected: pass nothing rather than guess
    }

    /** The same java that runs this JVM. */
    public static String javaBinary() {
        return ProcessHandle.current().info().command()
                .orElse(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    }

    /** This class's jar, by its real absolute path (the class-data archive records it), or empty outside a jar. */
    public static Optional<Path> ownJar() {
        try {
            CodeSource cs = Launcher.class.getProtectionDomain().getCodeSource();
            if (cs == null) {
                return Optional.empty();
            }
            Path p = Paths.get(cs.getLocation().toURI());
            if (!Files.isRegularFile(p) || !p.getFileName().toString().endsWith(".jar")) {
                return Optional.empty();
            }
            return Optional.of(p.toRealPath());
        } catch (URISyntaxException | IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    static boolean isUtf8(String charset) {
        try {
            return charset != null && Charset.forName(charset).equals(StandardCharsets.UTF_8);
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** The child's exit code; waiting is resumed when this thread is interrupted. */
    static int waitFor(Process child) {
        while (true) {
            try {
                return child.waitFor();
            } catch (InterruptedException e) {
                // keep waiting: this process ends with the child
            }
        }
    }
}

package io.github.pplxexport.cli;

import io.github.pplxexport.camel.ApiErrors;
import io.github.pplxexport.camel.PplxRuntime;
import io.github.pplxexport.config.ConfigException;
import io.github.pplxexport.config.UserConfig;
import io.github.pplxexport.config.UserHome;
import io.github.pplxexport.cookies.CookieSource;
import io.github.pplxexport.doctor.ArchiveCheckup;
import io.github.pplxexport.doctor.ArchiveDoctor;
import io.github.pplxexport.doctor.Check;
import io.github.pplxexport.doctor.OnlineCheckup;
import io.github.pplxexport.json.PyJson;
import io.github.pplxexport.labels.Labels;
import io.github.pplxexport.render.ThreadRenderer;
import org.apache.camel.CamelExecutionException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code doctor}: one command to run and paste when something is wrong. Each check one line, ✓ or ✗ with its fix in
 * one sentence; nothing secret (the account's email, never a cookie or token value). Exit 0 when all hold, 1 else.
 */
@Command(name = "doctor", mixinStandardHelpOptions = true, sortOptions = false, abbreviateSynopsis = true,
        header = "Check setup, session, API and archive, with a fix per finding.",
        description = "Java and tool version; the config file (which, its mode); the cookie source and the account it"
                + " belongs to; the API reachable (latency, a Cloudflare challenge); the session; page 1 of the library"
                + " listing; one recent thread fetched and parsed with its schema drift; the archive (thread dirs, temp"
                + " files, damaged asset files, pending dead letters and asks, the search index); free disk space."
                + " Nothing secret is printed. Exit 0 when every check holds, 1 otherwise.",
        footer = {"", "Examples:",
                "  java -jar target/pplx-export.jar --cookies ~/perplexity-cookies.txt doctor",
                "  java -jar target/pplx-export.jar doctor --offline --archive",
                "  java -jar target/pplx-export.jar doctor --archive --repair"})
public class DoctorCommand implements Callable<Integer> {
    /** The routes the network checks send to (routes/doctor.camel.yaml, accounts.camel.yaml). */
    private static final String TOKEN_SESSION = "direct:token-session";
    private static final String LISTING_PAGE = "direct:doctor-listing-page";
    private static final String THREAD = "direct:doctor-thread";
    @ParentCommand
    PplxExportCli parent;

    @Mixin
    GlobalOptions.All globals;
    @Mixin
    PacingOption pacing;     // accepted as by every online command; doctor sends one request per check

    @Option(names = "--json", description = "The checks as one line of JSON on stdout.")
    boolean json;

    @Option(names = "--offline", description = "Skip the network checks (API, session, listing, thread).")
    boolean offline;

    @Option(names = "--archive", description = "Also walk every thread dir: thread.json and the raw files parse,"
            + " re-rendering gives the archived Markdown, the asset files are there and are not error pages.")
    boolean archive;

    @Option(names = "--repair", description = "With --archive: re-render the Markdown that differs where the raw files"
            + " are intact, and queue missing or damaged asset files for the next sync.")
    boolean repair;

    @Override
    public Integer call() throws Exception {
        Logging.configure(parent.global, "doctor");
        if (repair && !archive) {
            throw new UsageException("--repair goes with --archive");
        }
        GlobalOptions g = parent.global;
        List<Check> checks = new ArrayList<>();
        checks.add(Check.ok("version", new VersionProvider().getVersion()[0] + ", Java " + Runtime.version() + " ("
                + System.getProperty("java.vendor", "?") + ")"));
        UserConfig config = config(g, checks);
        Path out = config != null ? g.archiveRoot(config) : g.out();
        // the archive as it is, before a network run makes its folder
        List<Check> archiveChecks = new ArrayList<>(ArchiveCheckup.of(out));
        if (archive) {
            archiveChecks.addAll(new ArchiveDoctor(out, new ThreadRenderer(Labels.of(g.lang())), repair, Clock.systemUTC()).walk());
        }
        CookieSource cookies = null;
        String baseUrl = g.baseUrl != null ? g.baseUrl : GlobalOptions.builtIn("pplx.api.base-url");
        try {
            cookies = OnlineRun.cookies(g, out, baseUrl);
            checks.add(cookies.kind() == CookieSource.Kind.NONE
                    ? Check.fail("cookies", "none found (no --cookies file, no browser logged in to " + baseUrl + ")",
                    "log in to perplexity.ai in a browser, or export its cookies to a file and pass --cookies FILE")
                    : Check.ok("cookies", cookies.source() + " (" + cookies.cookies().all().size() + " cookie(s), values not shown)"));
        } catch (UsageException e) {
            checks.add(Check.fail("cookies", e.getMessage(), "check the path given to --cookies, or the browser named by --cookies-from"));
        }
        // the local checks are said at once, not after the network checks' pipeline has started (~1 s)
        int said = json ? 0 : say(checks, 0);
        if (offline) {
            checks.add(Check.ok("network", "skipped (--offline)"));
        } else if (config != null && cookies != null && cookies.kind() != CookieSource.Kind.NONE) {
            checks.addAll(online(g, config, baseUrl));
        }
        checks.addAll(archiveChecks);
        boolean healthy = checks.stream().allMatch(Check::ok);
        if (json) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("ok", healthy);
            m.put("checks", checks.stream().map(Check::json).toList());
            System.out.println(PyJson.compact(m));
        } else {
            say(checks, said);
        }
        return healthy ? PplxExportCli.EXIT_OK : PplxExportCli.EXIT_THREADS_FAILED;
    }

    /** Prints the lines of {@code checks} from {@code from} on; returns how many are printed. */
    private static int say(List<Check> checks, int from) {
        checks.subList(from, checks.size()).forEach(c -> System.out.println(c.line()));
        System.out.flush();
        return checks.size();
    }

    /** The config file: which, its mode, and that it reads; null when it does not. */
    private static UserConfig config(GlobalOptions g, List<Check> checks) {
        UserConfig.Location at = UserConfig.locate(g.config, System.getenv(), UserHome.current());
        try {
            UserConfig config = UserConfig.load(g.config);
            if (config.file().isEmpty()) {
                checks.add(Check.ok("config", "none at " + at.path() + " (the defaults: one account named by the session)"));
            } else {
                Path f = config.file().get();
                String mode;
                try {
                    mode = PosixFilePermissions.toString(Files.getPosixFilePermissions(f));
                } catch (UnsupportedOperationException | java.io.IOException e) {
                    mode = "mode unknown";
                }
                checks.add(Check.ok("config", f + (at.origin() == null ? "" : " (from " + at.origin() + ")") + ", " + mode
                        + ", " + config.accounts().size() + " account(s), default '" + config.defaultAccount() + "'"));
            }
            return config;
        } catch (ConfigException e) {
            checks.add(Check.fail("config", e.getMessage(), "fix the line it names, or run `pplx-export init` to write a new one"));
            return null;
        }
    }

    /** The network checks on a Camel run whose requests are sent once (no redelivery: doctor reports, it does not wait). */
    private static List<Check> online(GlobalOptions g, UserConfig config, String baseUrl) {
        List<Check> checks = new ArrayList<>();
        // the session is checked here, by doctor itself (run.session() is not called)
        OnlineRun run = OnlineRun.prepare(g, false, Map.of("pplx.retry.maximum-redeliveries", "0"));
        ApiErrors errors = new ApiErrors();
        OnlineCheckup checkup = new OnlineCheckup(baseUrl, new OnlineCheckup.Failure() {
            public Integer status(Exception e) {
                return errors.status(e);
            }

            public String code(Exception e) {
                return errors.code(e);
            }

            public String noAnswer(Exception e) {
                return ApiErrors.noAnswer(e);
            }

            public String line(Exception e) {
                return errors.line(e);
            }
        });
        try (PplxRuntime runtime = run.startSending(List.of(TOKEN_SESSION, LISTING_PAGE, THREAD))) {
            long t0 = System.nanoTime();
            Map<String, Object> session;
            try {
                session = map(runtime.request(TOKEN_SESSION, null, Map.class));
            } catch (CamelExecutionException e) {
                checks.addAll(checkup.sessionFailed(cause(e)));
                return checks;
            }
            String expected = config.account(run.account).map(UserConfig.Account::email).orElse("");
            List<Check> s = checkup.session(session, (System.nanoTime() - t0) / 1_000_000, run.account, expected);
            checks.addAll(s);
            if (!s.stream().allMatch(Check::ok)) {
                return checks;
            }
            String[] first = {""};
            try {
                checks.add(checkup.listing(map(runtime.request(LISTING_PAGE, null, Map.class)), first));
            } catch (CamelExecutionException e) {
                checks.add(checkup.listingFailed(cause(e)));
                return checks;
            }
            if (!first[0].isEmpty()) {
                try {
                    checks.add(checkup.thread(first[0], map(runtime.request(THREAD, first[0], Map.class))));
                } catch (CamelExecutionException e) {
                    checks.add(checkup.threadFailed(first[0], cause(e)));
                }
            }
        }
        return checks;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Map<?, ?> m) {
        return (Map<String, Object>) m;
    }

    private static Exception cause(CamelExecutionException e) {
        return Outcome.unwrap(e) instanceof Exception x ? x : e;
    }
}

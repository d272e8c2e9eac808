package io.github.pplxexport.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.FileAppender;
import ch.qos.logback.core.filter.Filter;
import ch.qos.logback.core.spi.FilterReply;
import io.github.pplxexport.labels.Labels;
import org.slf4j.LoggerFactory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Console verbosity, the language of the tool's messages and the optional debug log file. */
public final class Logging {
    private static final org.slf4j.Logger LOG = LoggerFactory.getLogger("pplx");
    private static volatile boolean verbose;
    /** camel-http's client traces request headers and bodies at DEBUG: the Cookie value would reach a debug log. */
    private static final String[] SECRET_BEARING = {"org.apache.hc.client5.http.headers", "org.apache.hc.client5.http.wire"};
    /**
     * Camel's own reports of what the command reports in one line ({@link Outcome}): a context that cannot start
     * (its stack trace), a shutdown that waits or forces (inflight exchanges, message history). Shown with -v.
     */
    private static final List<String> REPORTED_BY_US = List.of("org.apache.camel.impl.engine.AbstractCamelContext",
            "org.apache.camel.impl.engine.DefaultShutdownStrategy", "org.apache.camel.impl.engine.DefaultInflightRepository",
            "org.apache.camel.impl.engine.DefaultAsyncProcessorAwaitManager");

    private Logging() {
    }

    public static void configure(GlobalOptions g, String command) {
        Labels.useForMessages(g.lang());
        verbose = g.verbose();
        LoggerContext ctx = (LoggerContext) LoggerFactory.getILoggerFactory();
        Logger root = ctx.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        for (String name : SECRET_BEARING) {
            ctx.getLogger(name).setLevel(Level.INFO);
        }
        if (verbose) {
            root.setLevel(Level.DEBUG);
        } else if (root.getAppender("CONSOLE") != null) {
            // the console only: a --log-file still gets them
            Filter<ILoggingEvent> ours = new Filter<>() {
                @Override
                public FilterReply decide(ILoggingEvent event) {
                    return REPORTED_BY_US.contains(event.getLoggerName()) ? FilterReply.DENY : FilterReply.NEUTRAL;
                }
            };
            ours.start();
            root.getAppender("CONSOLE").addFilter(ours);
        }
        if (g.logFile != null) {
            Path file = g.logFile.isEmpty()
                    ? g.out().resolve("index").resolve("logs").resolve(command + "-"
                    + java.time.LocalDateTime.now().format(java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"))
                    + ".log")
                    : Path.of(g.logFile);
            try {
                Files.createDirectories(file.toAbsolutePath().getParent());
            } catch (java.io.IOException e) {
                throw UsageException.io("create the folder of the log file " + file.toAbsolutePath(), e);
            }
            PatternLayoutEncoder enc = new PatternLayoutEncoder();
            enc.setContext(ctx);
            enc.setPattern("%d{yyyy-MM-dd HH:mm:ss.SSS} %-5level %logger{24} %msg%n");
            enc.setCharset(java.nio.charset.StandardCharsets.UTF_8);
            enc.start();
            FileAppender<ch.qos.logback.classic.spi.ILoggingEvent> fa = new FileAppender<>();
            fa.setContext(ctx);
            fa.setFile(file.toString());
            fa.setEncoder(enc);
            fa.start();
            root.addAppender(fa);
            root.setLevel(Level.DEBUG);
            ch.qos.logback.core.Appender<ILoggingEvent> console = root.getAppender("CONSOLE");
            if (!verbose && console != null) {
                // the console keeps its INFO view while the file gets everything
                ch.qos.logback.classic.filter.ThresholdFilter f = new ch.qos.logback.classic.filter.ThresholdFilter();
                f.setLevel("INFO");
                f.start();
                console.addFilter(f);
            }
            LOG.info("[log] full debug log: {}", file.toAbsolutePath().normalize());
        }
        if (g.noTelemetry) {
            LOG.info("[config] --no-telemetry: nothing to turn off, this exporter never sends telemetry");
        }
    }

    /** Details of a failure whose one line was written: on the console with -v, and in the log file. */
    static void debug(String what, Throwable ex) {
        LOG.debug(what, ex);
    }
}

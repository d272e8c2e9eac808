package io.github.pplxexport.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.CoreConstants;
import ch.qos.logback.core.pattern.DynamicConverter;
import ch.qos.logback.core.spi.ContextAwareBase;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The console logging of every command, set up in code (found by logback through the service loader): one
 * short line per event on stderr, {@code HH:mm:ss [LEVEL] message} with the level shown only when it is not
 * INFO, like the reference; framework loggers at WARN; the root level from {@code -Dpplx.log.level}
 * (default INFO). Code instead of logback.xml because parsing XML is a fifth of the tool's start-up.
 * {@code -Dlogback.configurationFile=FILE} (or a logback-test.xml on the class path) still configures logging
 * from that file instead.
 */
public class ConsoleLogConfigurator extends ContextAwareBase implements Configurator {
    /** The appender {@link Logging} adds its filter to. */
    static final String APPENDER = "CONSOLE";

    @Override
    public ExecutionStatus configure(LoggerContext context) {
        if (System.getProperty("logback.configurationFile") != null
                || ConsoleLogConfigurator.class.getClassLoader().getResource("logback-test.xml") != null) {
            return ExecutionStatus.INVOKE_NEXT_IF_ANY; // an operator's configuration file, or the tests' own
        }
        @SuppressWarnings("unchecked")
        Map<String, Supplier<DynamicConverter<?>>> rules =
                (Map<String, Supplier<DynamicConverter<?>>>) context.getObject(CoreConstants.PATTERN_RULE_REGISTRY_FOR_SUPPLIERS);
        if (rules == null) {
            rules = new HashMap<>();
            context.putObject(CoreConstants.PATTERN_RULE_REGISTRY_FOR_SUPPLIERS, rules);
        }
        rules.put("lvl", LevelTag::new);

        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern("%d{HH:mm:ss} %lvl%msg%n");
        encoder.setCharset(StandardCharsets.UTF_8);
        encoder.start();
        ConsoleAppender<ILoggingEvent> console = new ConsoleAppender<>();
        console.setContext(context);
        console.setName(APPENDER);
        console.setTarget("System.err"); // stdout is kept for command results
        console.setEncoder(encoder);
        console.start();

        for (String framework : new String[]{"org.apache.camel", "io.vertx", "io.netty", "org.quartz", "io.modelcontextprotocol"}) {
            context.getLogger(framework).setLevel(Level.WARN);
        }
        ch.qos.logback.classic.Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.toLevel(System.getProperty("pplx.log.level", "INFO"), Level.INFO));
        root.addAppender(console);
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }
}

package io.github.pplxexport.testkit;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.slf4j.LoggerFactory;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.IntSupplier;

/** One CLI run in this JVM: its exit code, what it printed on stdout, and the events it logged under {@code pplx}. */
public record CliCapture(int exit, String stdout, List<ILoggingEvent> events) {

    /** Runs {@code cli} (which returns the exit code) with stdout and the {@code pplx} log captured, then restores both. */
    public static CliCapture of(IntSupplier cli) {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        PrintStream saved = System.out;
        ListAppender<ILoggingEvent> log = new ListAppender<>();
        log.start();
        Logger pplx = (Logger) LoggerFactory.getLogger("pplx");
        pplx.addAppender(log);
        System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
        try {
            int code = cli.getAsInt();
            return new CliCapture(code, buf.toString(StandardCharsets.UTF_8), List.copyOf(log.list));
        } finally {
            System.setOut(saved);
            pplx.detachAppender(log);
        }
    }

    /** The formatted log messages, in order. */
    public List<String> messages() {
        return events.stream().map(ILoggingEvent::getFormattedMessage).toList();
    }
}

package io.github.pplxexport.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.pattern.ClassicConverter;
import ch.qos.logback.classic.spi.ILoggingEvent;

/** Console level tag: nothing for INFO, {@code [WARNING] } / {@code [ERROR] } / {@code [DEBUG] } otherwise. */
public class LevelTag extends ClassicConverter {
    @Override
    public String convert(ILoggingEvent event) {
        Level l = event.getLevel();
        if (l == Level.INFO) {
            return "";
        }
        return "[" + (l == Level.WARN ? "WARNING" : l.toString()) + "] ";
    }
}

package io.github.pplxexport.config;

/** The user config cannot be used as asked; the message is one line meant for the user as is. */
public class ConfigException extends RuntimeException {
    public ConfigException(String message) {
        super(message);
    }

    public ConfigException(String message, Throwable cause) {
        super(message, cause);
    }
}

package io.github.pplxexport.json;

/** Malformed JSON: carries a one-line cause that error messages can show as is. */
public class JsonException extends RuntimeException {
    public JsonException(String message, Throwable cause) {
        super(message, cause);
    }
}

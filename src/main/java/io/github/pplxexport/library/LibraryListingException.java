package io.github.pplxexport.library;

import io.github.pplxexport.json.J;

import java.util.List;

/** The library listing answered with GraphQL errors instead of threads (reference-behaviour.md §1.1). */
public class LibraryListingException extends RuntimeException {

    public LibraryListingException(String message) {
        super(message);
    }

    static LibraryListingException fromErrors(List<Object> errors) {
        Object first = errors.get(0);
        String text = J.firstStr(first, "message");
        String code = J.str(J.map(first, "extensions"), "code");
        String all = (text + " " + code + " " + J.asText(first)).toUpperCase(java.util.Locale.ROOT);
        StringBuilder msg = new StringBuilder("library listing failed: ");
        msg.append(text.isEmpty() ? J.asText(first) : text);
        if (all.contains("PERSISTED_QUERY_NOT_FOUND") || all.contains("PERSISTEDQUERYNOTFOUND")) {
            msg.append(" (the persisted-query hash has rotated; capture the current one from the web app)");
        }
        return new LibraryListingException(msg.toString());
    }
}

package io.github.pplxexport.labels;

import java.util.Locale;

/**
 * The language of the tool's own wording ({@code --lang}, property {@code pplx.lang}): {@code zh}, the reference
 * exporter's (its archive bytes), or {@code en}.
 */
public enum Lang {
    ZH, EN;

    /** The property that selects it (default in application.properties). */
    public static final String PROPERTY = "pplx.lang";

    /** {@code zh} or {@code en} (any case); anything else is refused with the values allowed. */
    public static Lang of(String name) {
        for (Lang l : values()) {
            if (l.id().equalsIgnoreCase(name == null ? "" : name.strip())) {
                return l;
            }
        }
        throw new IllegalArgumentException("unknown language '" + name + "' (" + PROPERTY + ", --lang): zh or en");
    }

    /** {@code zh}, {@code en}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}

package io.github.pplxexport.mode;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The five archive modes, in specificity order (highest first): when signals disagree the most
 * specific one wins (reference-behaviour.md §2.5). {@link #id()} is the folder name and the
 * {@code mode} value in thread.json.
 */
public enum Mode {
    COMPUTER("computer"),
    COUNCIL("council"),
    STUDY("study"),
    DEEP_RESEARCH("deep-research"),
    SEARCH("search");

    private final String id;

    Mode(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    /** Higher is more specific. */
    public int specificity() {
        return values().length - ordinal();
    }

    /** Modes whose export fetches the schematized blocks as well. */
    public boolean needsBlocks() {
        return this != SEARCH;
    }

    /** Computer and council turns render from workflow blocks. */
    public boolean isWorkflowMode() {
        return this == COMPUTER || this == COUNCIL;
    }

    public static Optional<Mode> fromId(String id) {
        for (Mode m : values()) {
            if (m.id.equals(id)) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }

    /** {@code entry.search_mode} (uppercased) → mode. */
    public static final Map<String, Mode> SEARCH_MODE_MAP = Map.of(
            "ASI", COMPUTER,
            "AGENTIC_RESEARCH", COUNCIL,
            "STUDY", STUDY,
            "RESEARCH", DEEP_RESEARCH,
            "SEARCH", SEARCH,
            "STUDIO", SEARCH);

    /**
     * {@code entry.display_model} (exact) → mode. {@code pplx_alpha} is deliberately absent: it is the
     * research model the classifier has to detect, so it cannot count as evidence.
     */
    public static final Map<String, Mode> DISPLAY_MODEL_MAP = Map.of(
            "pplx_agentic_research", COUNCIL,
            "pplx_asi_opus", COMPUTER,
            "pplx_asi_opus_thinking", COMPUTER,
            "pplx_study", STUDY);

    public static Optional<Mode> fromSearchMode(Object searchMode) {
        if (!(searchMode instanceof String s) || s.isEmpty()) {
            return Optional.empty();
        }
        return Optional.ofNullable(SEARCH_MODE_MAP.get(s.toUpperCase(Locale.ROOT)));
    }
}

package io.github.pplxexport.ask;

import java.util.List;
import java.util.Locale;

/**
 * The four modes a new thread can be asked in (ask-stream.md §1.2; reference-cli-and-archive.md §7.1): the platform
 * tells them apart by {@code model_preference} alone ({@code mode} is always {@code copilot}). Computer threads
 * cannot be created this way, as in the reference.
 */
public enum AskMode {
    SEARCH("search", "pplx_pro"),
    DEEP_RESEARCH("deep-research", "pplx_alpha"),
    COUNCIL("council", "pplx_agentic_research"),
    STUDY("study", "pplx_study");

    /** The four names, for messages. */
    public static final String NAMES = "search, deep-research, council or study";

    private final String id;
    private final String model;

    AskMode(String id, String model) {
        this.id = id;
        this.model = model;
    }

    /** {@code search}, {@code deep-research}, …: the archive's mode folder and the {@code --mode} value. */
    public String id() {
        return id;
    }

    /** The pinned {@code model_preference} when the model catalog names none. */
    public String pinnedModel() {
        return model;
    }

    /** A {@code --mode} value; anything else (computer included) is refused naming the four. */
    public static AskMode of(String name) {
        String n = name == null ? "" : name.strip().toLowerCase(Locale.ROOT);
        for (AskMode m : values()) {
            if (m.id.equals(n)) {
                return m;
            }
        }
        if (n.equals("computer")) {
            throw new IllegalArgumentException("--mode computer: computer threads cannot be asked; use " + NAMES);
        }
        throw new IllegalArgumentException("unknown --mode '" + name + "': use " + NAMES);
    }

    /**
     * The mode a {@code model_preference} creates: the three special models have their modes, any other model is a
     * search with that model (the replay uses this to pick the thread to answer with).
     */
    public static AskMode ofModel(String modelPreference) {
        for (AskMode m : values()) {
            if (m != SEARCH && m.model.equals(modelPreference)) {
                return m;
            }
        }
        return SEARCH;
    }

    /**
     * {@code --models} as this mode takes them, checked before any request: council 2-3 ids, search at most one,
     * deep-research and study none.
     */
    public void checkModels(List<String> models) {
        int n = models.size();
        switch (this) {
            case COUNCIL -> {
                if (n != 0 && (n < 2 || n > 3)) {
                    throw new IllegalArgumentException("--mode council takes 2 or 3 models (--models a,b[,c]), got " + n);
                }
            }
            case SEARCH -> {
                if (n > 1) {
                    throw new IllegalArgumentException("--mode search takes at most one model (--models m), got " + n);
                }
            }
            default -> {
                if (n > 0) {
                    throw new IllegalArgumentException("--mode " + id + " takes no --models (its model is "
                            + model + ")");
                }
            }
        }
    }
}

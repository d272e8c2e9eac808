package io.github.pplxexport.search;

/** The names of the index's fields, in one place for the writer, the queries and the field prefixes users type. */
final class IndexFields {
    static final String PATH = "path";
    static final String STAMP = "stamp";
    static final String UUID = "uuid";
    static final String TITLE = "title";
    static final String MODE = "mode";
    static final String ACCOUNT = "account";
    static final String SPACE = "space";
    static final String UPDATED = "updated";
    static final String QUESTION = "question";
    static final String ANSWER = "answer";
    static final String STEPS = "steps";
    static final String SOURCES = "sources";
    /** Stored only: what the library shows. */
    static final String ACCOUNT_NAME = "account_name";
    static final String SPACE_SLUG = "space_slug";
    static final String SPACE_TITLE = "space_title";
    static final String TURNS = "turns";
    static final String INTERRUPTIONS = "interruptions";
    static final String VARIANTS = "variants";
    static final String REPORT = "report";
    static final String ASSETS = "assets";
    static final String LOCKED = "locked";
    static final String REMOTE_DELETED = "remote_deleted";
    /** Relations: the normalised first question, the thread uuids named, the sub-agent run ids; the creation time. */
    static final String PROMPT = "prompt";
    static final String REFS = "refs";
    static final String RUNS = "runs";
    static final String CREATED = "created";
    /** Doc values of the facets (display values). */
    static final String FACET_MODE = "f_mode";
    static final String FACET_ACCOUNT = "f_account";
    static final String FACET_SPACE = "f_space";

    /** The searched text fields and their weight in the ranking. */
    static final String[] TEXT = {TITLE, QUESTION, ANSWER, STEPS, SOURCES};
    static final float[] BOOST = {4f, 2f, 1f, 0.5f, 0.5f};

    private IndexFields() {
    }
}

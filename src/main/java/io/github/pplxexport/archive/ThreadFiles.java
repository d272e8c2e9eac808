package io.github.pplxexport.archive;

/** File names inside a thread dir (reference-behaviour.md §5.2). */
public final class ThreadFiles {
    public static final String THREAD_JSON = "thread.json";
    public static final String RAW_ENTRIES = "raw_entries.json";
    public static final String RAW_BLOCKS = "raw_blocks.json";
    public static final String CONVERSATION = "conversation.md";
    public static final String TURNS_DIR = "turns";
    public static final String SOURCES_JSON = "sources.json";
    public static final String SOURCES_MD = "sources.md";
    public static final String REPORT = "report.md";
    public static final String ASSETS_DIR = "assets";

    private ThreadFiles() {
    }
}

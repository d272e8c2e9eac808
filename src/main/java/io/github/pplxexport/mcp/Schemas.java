package io.github.pplxexport.mcp;

/** The tools' JSON Schemas (input and output; structuredContent is checked against the output one by the SDK). */
final class Schemas {
    private Schemas() {
    }

    private static final String THREAD_ARG = """
            "thread": {"type": "string", "description": "A thread uuid (5b409cb0-1c1e-4b8e-9d6a-...), its first 8 characters (5b409cb0) or a thread URL (https://www.perplexity.ai/search/...)."}""";

    private static final String SUMMARY = """
            {"type": "object", "properties": {
              "uuid": {"type": "string"}, "title": {"type": "string"}, "mode": {"type": "string"},
              "account": {"type": "string"}, "space": {"type": "string"}, "updated": {"type": "string", "description": "ISO-8601, UTC"},
              "url": {"type": "string"}, "path": {"type": "string", "description": "the thread folder, relative to the archive"},
              "report": {"type": "boolean"}%s},
             "required": ["uuid", "title", "mode", "account", "updated", "path"]}""";

    static final String SEARCH_IN = """
            {"type": "object", "properties": {
              "query": {"type": "string", "description": "What to find: words, \\"a phrase\\", mode:deep-research, account:bob, space:slug, title:word; Chinese as typed."},
              "mode": {"type": "string", "description": "Only this mode: search, deep-research, council, study or computer."},
              "account": {"type": "string", "description": "Only this account (an author folder of the archive)."},
              "space": {"type": "string", "description": "Only this space (its slug or title)."},
              "limit": {"type": "integer", "minimum": 1, "maximum": 50, "default": 10}},
             "required": ["query"]}""";

    static final String SEARCH_OUT = """
            {"type": "object", "properties": {
              "query": {"type": "string"}, "total": {"type": "integer"},
              "results": {"type": "array", "items": %s}},
             "required": ["results"]}""".formatted(SUMMARY.formatted(", \"snippet\": {\"type\": \"string\"}"));

    static final String READ_IN = """
            {"type": "object", "properties": {
              %s,
              "part": {"type": "string", "enum": ["conversation", "report", "sources", "turn"], "default": "conversation"},
              "turn": {"type": "integer", "minimum": 1, "description": "With part turn: the turn number (1 is the first)."},
              "offset": {"type": "integer", "minimum": 0, "default": 0, "description": "Where to start, in characters (next_offset of the previous page)."},
              "max_chars": {"type": "integer", "minimum": 1, "maximum": 100000, "default": 20000}},
             "required": ["thread"]}""".formatted(THREAD_ARG);

    static final String READ_OUT = """
            {"type": "object", "properties": {
              "uuid": {"type": "string"}, "title": {"type": "string"}, "mode": {"type": "string"}, "part": {"type": "string"},
              "path": {"type": "string"}, "offset": {"type": "integer"}, "total_chars": {"type": "integer"},
              "next_offset": {"type": ["integer", "null"], "description": "The offset of the next page; null at the end."}},
             "required": ["uuid", "title", "mode", "total_chars", "next_offset"]}""";

    static final String LIST_IN = """
            {"type": "object", "properties": {
              "mode": {"type": "string", "description": "search, deep-research, council, study or computer."},
              "account": {"type": "string"}, "space": {"type": "string"},
              "since": {"type": "string", "description": "Only threads updated on or after this day (YYYY-MM-DD)."},
              "limit": {"type": "integer", "minimum": 1, "maximum": 200, "default": 20},
              "offset": {"type": "integer", "minimum": 0, "default": 0}}}""";

    static final String LIST_OUT = """
            {"type": "object", "properties": {
              "total": {"type": "integer"}, "offset": {"type": "integer"}, "next_offset": {"type": ["integer", "null"]},
              "threads": {"type": "array", "items": %s}},
             "required": ["threads", "total", "next_offset"]}""".formatted(SUMMARY.formatted(""));

    static final String RELATED_IN = """
            {"type": "object", "properties": {%s}, "required": ["thread"]}""".formatted(THREAD_ARG);

    static final String RELATED_OUT = """
            {"type": "object", "properties": {
              "uuid": {"type": "string"}, "title": {"type": "string"},
              "related": {"type": "array", "items": %s}},
             "required": ["uuid", "related"]}""".formatted(SUMMARY.formatted(", \"kind\": {\"type\": \"string\", \"enum\": [\"same_prompt\", \"references\", \"same_space\", \"subagent_of\"]}"
                    + ", \"direction\": {\"type\": \"string\", \"enum\": [\"outgoing\", \"incoming\"]}, \"evidence\": {\"type\": \"string\"}"));

    static final String EXPORT_IN = """
            {"type": "object", "properties": {
              "thread": {"type": "string", "description": "A thread uuid or URL (https://www.perplexity.ai/search/...)."}},
             "required": ["thread"]}""";

    static final String EXPORT_OUT = """
            {"type": "object", "properties": {
              "uuid": {"type": "string"}, "status": {"type": "string", "enum": ["exported", "failed"]},
              "archived_to": {"type": ["string", "null"]}, "report": {"type": "boolean"},
              "assets": {"type": "array", "items": {"type": "string"}}},
             "required": ["uuid", "status", "archived_to"]}""";

    static final String ASK_IN = """
            {"type": "object", "properties": {
              "prompt": {"type": "string", "description": "The question, as you would type it into Perplexity."},
              "mode": {"type": "string", "default": "search", "description": "search (default), deep-research, council or study; computer cannot be asked."},
              "models": {"type": "array", "items": {"type": "string"}, "description": "council: 2-3 model ids; search: at most one; the others: none."},
              "thread": {"type": "string", "description": "Ask a follow-up in this thread (uuid, its 8 characters, or URL)."},
              "wait_seconds": {"type": "integer", "minimum": 0, "maximum": 86400, "default": 900, "description": "How long to wait for the answer before returning status generating (it keeps going in the background)."}},
             "required": ["prompt"]}""";

    static final String ASK_OUT = """
            {"type": "object", "properties": {
              "thread_uuid": {"type": ["string", "null"]}, "thread_url": {"type": ["string", "null"]},
              "mode": {"type": "string"}, "status": {"type": "string", "enum": ["completed", "generating", "failed"]},
              "archived_to": {"type": ["string", "null"]}, "answer_chars": {"type": "integer"},
              "report": {"type": "boolean", "description": "A deep-research report was archived: read it with pplx_read_thread part report."},
              "assets": {"type": "array", "items": {"type": "string"}},
              "sources": {"type": "array", "items": {"type": "object", "properties": {"title": {"type": "string"}, "url": {"type": "string"}}}}},
             "required": ["thread_uuid", "thread_url", "mode", "status", "archived_to", "answer_chars", "report", "assets", "sources"]}""";
}

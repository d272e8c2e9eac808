package io.github.pplxexport.thread;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.github.pplxexport.json.EmbeddedJson;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.JsonException;
import io.github.pplxexport.json.Tokens;
import io.github.pplxexport.text.PyStrings;
import io.github.pplxexport.variant.AnswerVariant;
import io.github.pplxexport.variant.AnswerVariants;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a thread response (raw_entries.json / raw_blocks.json) once, from its bytes, into the typed model
 * ({@link RawResponse}, {@link Entry}, {@link Step}, {@link Workflow}, {@link WorkflowItem},
 * {@link Citation}). Only what the archive shows is kept: every other subtree is skipped while parsing,
 * never built. Raw JSON values stay inside this class, apart from the few that are written verbatim
 * (thread_metadata, report info, answer-variant records).
 *
 * <p>Leniency follows the reference (reference-behaviour.md §2.6): missing or renamed fields read as empty,
 * JSON held in strings ({@code text}, a FINAL {@code answer}, {@code plan}) is decoded tolerantly. Only a
 * file that is not JSON fails here; a response that cannot give turns is reported in
 * {@link RawResponse#problem()} for the caller to decide.
 */
public final class ResponseParser {
    /** Answers at most this long (code points) are not taken from a long string (§8.8). */
    static final int LONG_STRING = 30;
    static final int LONG_GOAL = 80;

    private static final Set<String> CITATION_KEYS = Set.of("name", "title", "url", "link", "snippet", "text",
            "timestamp", "date", "category", "type");
    private static final Set<String> LINK_KEYS = Set.of("name", "title", "url", "link");
    /** Step content keys a step renderer reads (besides answer, web_results and workflow_items). */
    private static final Set<String> CONTENT_KEYS = Set.of("thought", "text", "queries", "urls", "url", "skill_names",
            "loaded_skills", "title", "file_name", "language", "script", "stdout", "stderr", "error", "attachments",
            "files", "caption", "image_results", "images", "timestamp");

    private ResponseParser() {
    }

    /**
     * @param json       the file's bytes
     * @param background whether to read {@code background_entries} (only workflow modes use them)
     * @throws JsonException when the bytes are not one JSON object
     */
    public static RawResponse parse(byte[] json, boolean background) {
        EmbeddedJson.Source src = new EmbeddedJson.Source(json, json.length);
        try (JsonParser p = src.parser()) {
            JsonToken t = p.nextToken();
            if (t != JsonToken.START_OBJECT) {
                String type = typeName(t);
                EmbeddedJson.skip(p);
                Tokens.expectEnd(p);
                throw new JsonException(
                        t == null ? "No content to map due to end-of-input" : "top level is " + type + ", expected an object", null);
            }
            Map<String, Object> metadata = null;
            List<Entry> entries = new ArrayList<>();
            List<Entry> bg = new ArrayList<>();
            String problem = "raw_entries.json has no entries list";
            String name;
            while ((name = p.nextFieldName()) != null) {
                JsonToken v = p.nextToken();
                switch (name) {
                    case "thread_metadata" -> metadata = J.asMap(Tokens.tree(p));
                    case "entries" -> {
                        entries.clear();
                        if (v == JsonToken.START_ARRAY) {
                            problem = readEntries(p, src, entries, true);
                        } else if (v == JsonToken.VALUE_NULL) {
                            problem = "raw_entries.json has no entries list";
                        } else {
                            problem = "entries is " + typeName(v) + ", expected a list";
                            EmbeddedJson.skip(p);
                        }
                    }
                    case "background_entries" -> {
                        bg.clear();
                        if (background && v == JsonToken.START_ARRAY) {
                            readEntries(p, src, bg, false);
                        } else {
                            EmbeddedJson.skip(p);
                        }
                    }
                    default -> EmbeddedJson.skip(p);
                }
            }
            Tokens.expectEnd(p);
            return new RawResponse(metadata, List.copyOf(entries), List.copyOf(bg), problem);
        } catch (IOException e) {
            throw Json.malformed(e);
        }
    }

    /** Reads an entries list; returns the first problem of the main entries (null when none). */
    private static String readEntries(JsonParser p, EmbeddedJson.Source src, List<Entry> out, boolean main) throws IOException {
        String problem = null;
        int i = 0;
        while (p.nextToken() != JsonToken.END_ARRAY) {
            i++;
            if (p.currentToken() != JsonToken.START_OBJECT) {
                if (problem == null && main) {
                    problem = "entry " + i + " is " + typeName(p.currentToken()) + ", expected an object";
                }
                EmbeddedJson.skip(p);
                if (!main) {
                    out.add(EntryReader.EMPTY);
                }
                continue;
            }
            EntryReader r = new EntryReader();
            out.add(r.read(p, src));
            if (problem == null && r.problem != null) {
                problem = r.problem;
            }
        }
        return problem;
    }

    /** J.typeName for a token. */
    static String typeName(JsonToken t) {
        if (t == null) {
            return "null";
        }
        return switch (t) {
            case START_OBJECT -> "an object";
            case START_ARRAY -> "a list";
            case VALUE_STRING -> "a string";
            case VALUE_TRUE, VALUE_FALSE -> "a boolean";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
            default -> "null";
        };
    }

    // ------------------------------------------------------------------------------------------- entries

    /** One entry object, field by field. */
    private static final class EntryReader {
        static final Entry EMPTY = new Entry("", "", "", "", null, null, "", "", List.of(), "", List.of(), null,
                "", false, "", null, "", List.of(), null);

        Object uuid;
        Object contextUuid;
        Object queryStr;
        Object query;
        Object author;
        Object createdUs;
        Object updatedUs;
        Object trigger;
        Object lockedReason;
        Object plan;
        Object displayModel;
        Object searchMode;
        Object sideBySide;
        Object updatedDatetime;
        Object entryUpdatedDatetime;
        List<Citation> sources = List.of();
        List<StepReader> steps = List.of();
        List<Workflow> blocks = List.of();
        /** Why {@code text} gives no step list (null when it does); completed with the uuid at the end. */
        String textProblem;
        String problem;

        Entry read(JsonParser p, EmbeddedJson.Source src) throws IOException {
            String name;
            while ((name = p.nextFieldName()) != null) {
                JsonToken v = p.nextToken();
                switch (name) {
                    case "uuid" -> uuid = Tokens.tree(p);
                    case "context_uuid" -> contextUuid = Tokens.tree(p);
                    case "query_str" -> queryStr = Tokens.tree(p);
                    case "query" -> query = Tokens.tree(p);
                    case "author_username" -> author = Tokens.tree(p);
                    case "created_us" -> createdUs = Tokens.tree(p);
                    case "updated_us" -> updatedUs = Tokens.tree(p);
                    case "trigger" -> trigger = Tokens.tree(p);
                    case "locked_reason" -> lockedReason = Tokens.tree(p);
                    case "plan" -> plan = Tokens.tree(p);
                    case "display_model" -> displayModel = Tokens.tree(p);
                    case "search_mode" -> searchMode = Tokens.tree(p);
                    case "side_by_side_metadata" -> sideBySide = Tokens.tree(p);
                    case "updated_datetime" -> updatedDatetime = Tokens.tree(p);
                    case "entry_updated_datetime" -> entryUpdatedDatetime = Tokens.tree(p);
                    case "sources" -> sources = v == JsonToken.START_ARRAY ? citations(p, false, null) : skip(p, List.of());
                    case "text" -> text(p, v, src);
                    case "blocks" -> blocks = v == JsonToken.START_ARRAY ? workflowBlocks(p) : skip(p, List.of());
                    default -> EmbeddedJson.skip(p);
                }
            }
            return build();
        }

        private void text(JsonParser p, JsonToken v, EmbeddedJson.Source src) throws IOException {
            steps = List.of();
            textProblem = null;
            if (v == JsonToken.VALUE_NULL) {
                return;
            }
            if (v == JsonToken.START_ARRAY) {
                steps = StepReader.list(p, src);
                return;
            }
            if (v != JsonToken.VALUE_STRING) {
                textProblem = "text is " + typeName(v);
                EmbeddedJson.skip(p);
                return;
            }
            // the step list is JSON inside a string: parsed from the string's bytes, never built as a String
            EmbeddedJson.Nested text = EmbeddedJson.open(p, src); // a broken outer string fails the file
            try (text) {
                JsonParser in = text.parser();
                JsonToken first = in.nextToken();
                if (first == JsonToken.START_ARRAY) {
                    List<StepReader> s = StepReader.list(in, text.source());
                    Tokens.expectEnd(in);
                    steps = s;
                } else if (first == null || first == JsonToken.VALUE_NULL) {
                    textProblem = "text is not valid JSON";
                } else {
                    EmbeddedJson.skip(in);
                    Tokens.expectEnd(in);
                    textProblem = "text holds " + typeName(first);
                }
            } catch (IOException | RuntimeException e) {
                steps = List.of();
                textProblem = "text is not valid JSON";
            }
        }

        private Entry build() {
            String id = uuid instanceof String s ? s : "";
            if (textProblem != null) {
                problem = "entry " + (id.isEmpty() ? "(no uuid)" : id) + ": " + textProblem + ", expected a list of steps";
            }
            List<Step> stepList = new ArrayList<>(steps.size());
            List<Citation> citations = new ArrayList<>(sources);
            Map<String, Object> report = null;
            for (StepReader s : steps) {
                stepList.add(s.step());
                if (s.isFinal() && s.answer != null) {
                    citations.addAll(s.answer.webResults);
                }
                citations.addAll(s.itemSources);
                if ("RESEARCH_ANSWER".equals(s.type)) {
                    report = new LinkedHashMap<>();
                    report.put("title", s.content.get("title"));
                    report.put("file_name", s.content.get("file_name"));
                    report.put("url", s.content.get("url"));
                }
            }
            Map<String, Object> meta = J.asMap(sideBySide);
            AnswerVariant variant = AnswerVariants.of(id, meta, updatedDatetime);
            String updated = J.truthy(entryUpdatedDatetime) ? J.asText(entryUpdatedDatetime)
                    : J.truthy(updatedDatetime) ? J.asText(updatedDatetime) : "";
            return new Entry(id, str(contextUuid), J.truthy(queryStr) ? J.asText(queryStr) : J.truthy(query) ? J.asText(query) : "",
                    str(author), micros(createdUs), micros(updatedUs), str(trigger), str(lockedReason),
                    List.copyOf(stepList), answer(), List.copyOf(Citations.dedupe(citations)),
                    report == null ? null : Collections.unmodifiableMap(report),
                    str(displayModel), J.truthy(displayModel), str(searchMode), variant, updated, blocks,
                    problem);
        }

        /** {@code extract_answer} (§8.8): FINAL steps from the last one back, then the longest plan goal. */
        private String answer() {
            for (int i = steps.size() - 1; i >= 0; i--) {
                StepReader s = steps.get(i);
                if (s.isFinal() && s.answer != null && s.answer.text != null) {
                    return s.answer.text;
                }
            }
            // Decision (spec Appendix C.9): the plan-goal fallback runs even after an empty answer key.
            String best = "";
            for (Object goal : J.list(Json.decodeLenient(plan), "goals")) {
                String d = J.str(goal, "description");
                if (PyStrings.length(d) > LONG_GOAL && PyStrings.length(d) > PyStrings.length(best)) {
                    best = d;
                }
            }
            return best;
        }
    }

    static String str(Object v) {
        return v instanceof String s ? s : "";
    }

    /** Microseconds from a number or a numeric string; null otherwise. */
    static Long micros(Object v) {
        if (v instanceof Number || v instanceof String) {
            long probe = J.toLong(v, Long.MIN_VALUE);
            return probe == Long.MIN_VALUE ? null : probe;
        }
        return null;
    }

    private static <T> T skip(JsonParser p, T value) throws IOException {
        EmbeddedJson.skip(p);
        return value;
    }

    // ------------------------------------------------------------------------------------------- steps

    /** One plain step object; its body is worked out once the type is known (keys come in any order). */
    private static final class StepReader {
        Object stepType;
        Object typeAlt;
        String type;
        /** The content keys a renderer reads, as plain values. */
        final Map<String, Object> content = new LinkedHashMap<>();
        List<Map<String, Object>> webResults = List.of();
        List<WorkflowItem> items = List.of();
        List<Citation> itemSources = List.of();
        FinalAnswer answer;
        boolean contentIsObject;

        static List<StepReader> list(JsonParser p, EmbeddedJson.Source src) throws IOException {
            List<StepReader> out = new ArrayList<>();
            while (p.nextToken() != JsonToken.END_ARRAY) {
                if (p.currentToken() != JsonToken.START_OBJECT) {
                    EmbeddedJson.skip(p); // only dicts are steps
                    continue;
                }
                StepReader s = new StepReader();
                s.read(p, src);
                out.add(s);
            }
            return out;
        }

        void read(JsonParser p, EmbeddedJson.Source src) throws IOException {
            String name;
            while ((name = p.nextFieldName()) != null) {
                JsonToken v = p.nextToken();
                switch (name) {
                    case "step_type" -> stepType = Tokens.tree(p);
                    case "type" -> typeAlt = Tokens.tree(p);
                    case "content" -> {
                        content.clear();
                        webResults = List.of();
                        items = List.of();
                        itemSources = List.of();
                        answer = null;
                        contentIsObject = v == JsonToken.START_OBJECT;
                        if (contentIsObject) {
                            readContent(p, src);
                        } else {
                            EmbeddedJson.skip(p);
                        }
                    }
                    default -> EmbeddedJson.skip(p);
                }
            }
            type = J.truthy(stepType) ? J.asText(stepType) : J.truthy(typeAlt) ? J.asText(typeAlt) : "";
        }

        private String knownType() {
            return J.truthy(stepType) ? J.asText(stepType) : J.truthy(typeAlt) ? J.asText(typeAlt) : null;
        }

        private void readContent(JsonParser p, EmbeddedJson.Source src) throws IOException {
            String name;
            while ((name = p.nextFieldName()) != null) {
                JsonToken v = p.nextToken();
                String known = knownType();
                switch (name) {
                    case "answer" -> answer = known == null || "FINAL".equals(known) ? FinalAnswer.read(p, src) : skip(p, null);
                    case "web_results" -> webResults = (known == null || "SEARCH_RESULTS".equals(known)) && v == JsonToken.START_ARRAY
                            ? picked(p, LINK_KEYS, null) : skip(p, List.of());
                    case "workflow_items" -> {
                        if (v == JsonToken.START_ARRAY) {
                            List<WorkflowItem> list = new ArrayList<>();
                            List<Citation> sources = new ArrayList<>();
                            while (p.nextToken() != JsonToken.END_ARRAY) {
                                ItemReader r = ItemReader.read(p);
                                list.add(r.item);
                                if (WorkflowItem.SOURCES.equals(r.item.type())) {
                                    sources.addAll(r.citationSources);
                                }
                            }
                            items = list;
                            itemSources = sources;
                        } else {
                            items = List.of();
                            itemSources = List.of();
                            EmbeddedJson.skip(p);
                        }
                    }
                    default -> {
                        if (CONTENT_KEYS.contains(name)) {
                            content.put(name, Tokens.tree(p));
                        } else {
                            EmbeddedJson.skip(p);
                        }
                    }
                }
            }
        }

        boolean isFinal() {
            return "FINAL".equals(type);
        }

        Step step() {
            return new Step(type, StepBodies.of(type, content, webResults, items));
        }
    }

    // ------------------------------------------------------------------------------------------- FINAL answers

    /**
     * What a FINAL step's {@code content.answer} gives (§8.8, §8.9): the answer text this step yields (null:
     * look at the previous FINAL step) and its {@code web_results} with a URL.
     */
    private record FinalAnswer(String text, List<Citation> webResults) {
        static final FinalAnswer NONE = new FinalAnswer(null, List.of());

        /** Reads the value at the current token of a parser over {@code src}. */
        static FinalAnswer read(JsonParser p, EmbeddedJson.Source src) throws IOException {
            JsonToken t = p.currentToken();
            if (t == JsonToken.START_OBJECT) {
                return dict(p);
            }
            if (t != JsonToken.VALUE_STRING) {
                EmbeddedJson.skip(p);
                return NONE;
            }
            try (EmbeddedJson.Nested nested = EmbeddedJson.open(p, src)) {
                try {
                    JsonParser in = nested.parser();
                    if (in.nextToken() == JsonToken.START_OBJECT) {
                        FinalAnswer a = dict(in);
                        Tokens.expectEnd(in);
                        return a;
                    }
                } catch (IOException | RuntimeException e) {
                    // not JSON: the raw string counts as the answer when long enough
                }
                // a string that is not a JSON object: the string itself when longer than 30 characters
                String raw = nested.text();
                return PyStrings.length(raw) > LONG_STRING ? new FinalAnswer(raw, List.of()) : NONE;
            }
        }

        /** A decoded answer object, streamed: {@code answer}, {@code workflow_snapshots}, {@code web_results}. */
        static FinalAnswer dict(JsonParser p) throws IOException {
            Longest longest = new Longest();
            boolean answerKey = false;
            String answer = null;
            boolean snapshots = false;
            List<Citation> web = List.of();
            String name;
            while ((name = p.nextFieldName()) != null) {
                JsonToken v = p.nextToken();
                switch (name) {
                    case "answer" -> {
                        answerKey = true;
                        longest.active = false; // an answer key decides; the longest string is never needed
                        answer = v == JsonToken.VALUE_STRING ? p.getText() : skip(p, null);
                    }
                    case "workflow_snapshots" -> {
                        snapshots = true;
                        longest.active = false;
                        EmbeddedJson.skip(p);
                    }
                    case "web_results" -> web = v == JsonToken.START_ARRAY ? citations(p, true, longest) : longest.scan(p, List.of());
                    default -> longest.scan(p, null);
                }
            }
            if (answerKey) {
                // short answers count too; an empty answer key skips the long-string fallback of this step
                return new FinalAnswer(answer != null && !answer.isEmpty() ? answer : null, web);
            }
            if (!snapshots && PyStrings.length(longest.best) > LONG_STRING) {
                return new FinalAnswer(longest.best, web);
            }
            return new FinalAnswer(null, web);
        }
    }

    /**
     * The longest string value by recursive descent through dict values and list items, first wins ties
     * ({@code extract_answer}'s long-string fallback), tracked while streaming until it cannot matter.
     */
    private static final class Longest {
        boolean active = true;
        String best = "";
        int bestLength;

        void offer(JsonParser p) throws IOException {
            if (!active) {
                return;
            }
            int len = p.getTextLength();
            if (len <= bestLength) {
                return; // code points never exceed UTF-16 units
            }
            char[] chars = p.getTextCharacters();
            int off = p.getTextOffset();
            int cps = Character.codePointCount(chars, off, len);
            if (cps > bestLength) {
                best = new String(chars, off, len);
                bestLength = cps;
            }
        }

        /** Offers every string inside an already read value, in document order. */
        void offerTree(Object value) {
            if (!active) {
                return;
            }
            if (value instanceof String s) {
                if (s.length() > bestLength && PyStrings.length(s) > bestLength) {
                    best = s;
                    bestLength = PyStrings.length(s);
                }
            } else if (value instanceof Map<?, ?> m) {
                m.values().forEach(this::offerTree);
            } else if (value instanceof List<?> l) {
                l.forEach(this::offerTree);
            }
        }

        /** Consumes the value at the current token, offering every string value inside it. */
        <T> T scan(JsonParser p, T result) throws IOException {
            if (!active) {
                EmbeddedJson.skip(p);
                return result;
            }
            JsonToken t = p.currentToken();
            if (t == JsonToken.VALUE_STRING) {
                offer(p);
            } else if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
                int depth = 1;
                while (depth > 0) {
                    JsonToken n = p.nextToken();
                    if (n.isStructStart()) {
                        depth++;
                    } else if (n.isStructEnd()) {
                        depth--;
                    } else if (n == JsonToken.VALUE_STRING) {
                        offer(p);
                    }
                }
            }
            return result;
        }
    }

    // ------------------------------------------------------------------------------------------- citations

    /**
     * A list of citation dicts as citations (the current token is START_ARRAY): only dicts count, and with
     * {@code needUrl} only those with a URL (§8.9). Unread keys are skipped (or scanned for the longest string).
     */
    static List<Citation> citations(JsonParser p, boolean needUrl, Longest longest) throws IOException {
        List<Citation> out = new ArrayList<>();
        for (Map<String, Object> m : picked(p, CITATION_KEYS, longest)) {
            if (m != null && (!needUrl || J.truthy(m.get("url")))) {
                out.add(Citation.of(m));
            }
        }
        return out;
    }

    /** A list whose object elements are read for {@code keys} only; other elements give null. */
    static List<Map<String, Object>> picked(JsonParser p, Set<String> keys, Longest longest) throws IOException {
        List<Map<String, Object>> out = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (p.currentToken() != JsonToken.START_OBJECT) {
                if (longest != null) {
                    longest.scan(p, null);
                } else {
                    EmbeddedJson.skip(p);
                }
                out.add(null);
                continue;
            }
            Map<String, Object> m = new LinkedHashMap<>();
            String name;
            while ((name = p.nextFieldName()) != null) {
                p.nextToken();
                if (keys.contains(name)) {
                    if (longest != null && longest.active) {
                        // the value counts for the longest string as well: read it, then offer its strings
                        Object value = Tokens.tree(p);
                        m.put(name, value);
                        longest.offerTree(value);
                    } else {
                        m.put(name, Tokens.tree(p));
                    }
                } else if (longest != null) {
                    longest.scan(p, null);
                } else {
                    EmbeddedJson.skip(p);
                }
            }
            out.add(m);
        }
        return out;
    }

    // ------------------------------------------------------------------------------------------- workflows

    /** The {@code workflow_block} objects of a {@code blocks} list (current token START_ARRAY). */
    static List<Workflow> workflowBlocks(JsonParser p) throws IOException {
        List<Workflow> out = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (p.currentToken() != JsonToken.START_OBJECT) {
                EmbeddedJson.skip(p);
                continue;
            }
            Workflow wb = null;
            String name;
            while ((name = p.nextFieldName()) != null) {
                JsonToken v = p.nextToken();
                if ("workflow_block".equals(name) && v == JsonToken.START_OBJECT) {
                    wb = workflow(p);
                } else {
                    if ("workflow_block".equals(name)) {
                        wb = null;
                    }
                    EmbeddedJson.skip(p);
                }
            }
            if (wb != null) {
                out.add(wb);
            }
        }
        return List.copyOf(out);
    }

    /** A workflow block or payload object (current token START_OBJECT). */
    static Workflow workflow(JsonParser p) throws IOException {
        String id = "";
        String headline = "";
        String status = "";
        String mode = "";
        String model = "";
        String startedAt = "";
        Object completedAt = null;
        Object chunks = null;
        boolean backgroundAnchor = false;
        List<WorkflowStep> steps = List.of();
        String name;
        while ((name = p.nextFieldName()) != null) {
            JsonToken v = p.nextToken();
            switch (name) {
                case "id" -> id = Tokens.str(p);
                case "headline" -> headline = Tokens.str(p);
                case "status" -> status = Tokens.str(p);
                case "mode" -> mode = Tokens.str(p);
                case "model" -> model = Tokens.str(p);
                case "started_at" -> startedAt = Tokens.str(p);
                case "completed_at" -> completedAt = Tokens.tree(p);
                case "objective_chunks" -> chunks = Tokens.tree(p);
                case "is_background_anchor" -> backgroundAnchor = Tokens.truthy(p);
                case "steps" -> steps = v == JsonToken.START_ARRAY ? workflowSteps(p) : skip(p, List.of());
                default -> EmbeddedJson.skip(p);
            }
        }
        StringBuilder prompt = new StringBuilder();
        if (chunks instanceof List<?> l) {
            for (Object c : l) {
                prompt.append(J.asText(c));
            }
        }
        return new Workflow(id, headline, status, mode, model, prompt.toString(),
                J.truthy(chunks) || backgroundAnchor, startedAt, str(completedAt), J.truthy(completedAt), steps);
    }

    private static List<WorkflowStep> workflowSteps(JsonParser p) throws IOException {
        List<WorkflowStep> out = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (p.currentToken() != JsonToken.START_OBJECT) {
                EmbeddedJson.skip(p);
                out.add(WorkflowStep.EMPTY); // still a step: counted and shown with its number
                continue;
            }
            String title = "";
            String tool = "";
            String icon = "";
            String id = "";
            String started = "";
            String completed = "";
            List<WorkflowItem> items = List.of();
            String name;
            while ((name = p.nextFieldName()) != null) {
                JsonToken v = p.nextToken();
                switch (name) {
                    case "title" -> title = Tokens.str(p);
                    case "tool_name" -> tool = Tokens.str(p);
                    case "icon" -> icon = Tokens.str(p);
                    case "id" -> id = Tokens.str(p);
                    case "started_at" -> started = Tokens.str(p);
                    case "completed_at" -> completed = Tokens.str(p);
                    case "items" -> {
                        if (v == JsonToken.START_ARRAY) {
                            List<WorkflowItem> list = new ArrayList<>();
                            while (p.nextToken() != JsonToken.END_ARRAY) {
                                list.add(ItemReader.read(p).item);
                            }
                            items = List.copyOf(list);
                        } else {
                            items = List.of();
                            EmbeddedJson.skip(p);
                        }
                    }
                    default -> EmbeddedJson.skip(p);
                }
            }
            out.add(new WorkflowStep(title, tool, icon, id, started, completed, items));
        }
        return List.copyOf(out);
    }

    /** One workflow item (any token: elements that are not objects are items of no type). */
    private static final class ItemReader {
        WorkflowItem item = WorkflowItem.EMPTY;
        /** The item's sources for the turn's citations: payload.sources_payload, else the item's own (§8.9). */
        List<Citation> citationSources = List.of();

        static ItemReader read(JsonParser p) throws IOException {
            ItemReader r = new ItemReader();
            if (p.currentToken() != JsonToken.START_OBJECT) {
                EmbeddedJson.skip(p);
                return r;
            }
            Object type = null;
            Map<String, Object> parts = Map.of();
            Workflow workflow = null;
            List<Citation> sources = List.of();
            boolean payloadHasSources = false;
            List<Citation> ownSources = List.of();
            String name;
            while ((name = p.nextFieldName()) != null) {
                JsonToken v = p.nextToken();
                switch (name) {
                    case "type" -> type = Tokens.tree(p);
                    case "payload" -> {
                        parts = Map.of();
                        workflow = null;
                        sources = List.of();
                        payloadHasSources = false;
                        if (v != JsonToken.START_OBJECT) {
                            EmbeddedJson.skip(p);
                            break;
                        }
                        Map<String, Object> m = new LinkedHashMap<>();
                        String key;
                        while ((key = p.nextFieldName()) != null) {
                            JsonToken pv = p.nextToken();
                            switch (key) {
                                case "workflow_payload" -> workflow = pv == JsonToken.START_OBJECT ? workflow(p) : skip(p, null);
                                case "sources_payload" -> {
                                    payloadHasSources = pv != JsonToken.VALUE_NULL;
                                    sources = sourcesPayload(p);
                                }
                                case "text_payload", "todo_list_payload", "queries_payload", "table_payload",
                                     "user_questions_payload", "user_response_payload", "content_payload" ->
                                        m.put(key, Tokens.tree(p));
                                default -> EmbeddedJson.skip(p);
                            }
                        }
                        parts = m;
                    }
                    case "sources_payload" -> ownSources = sourcesPayload(p);
                    default -> EmbeddedJson.skip(p);
                }
            }
            r.item = WorkflowItems.of(str(type), parts, sources, workflow);
            r.citationSources = payloadHasSources ? sources : ownSources;
            return r;
        }

        /** {@code sources_payload.sources}: the sources with a URL (anything else reads as none). */
        private static List<Citation> sourcesPayload(JsonParser p) throws IOException {
            if (p.currentToken() != JsonToken.START_OBJECT) {
                EmbeddedJson.skip(p);
                return List.of();
            }
            List<Citation> out = List.of();
            String name;
            while ((name = p.nextFieldName()) != null) {
                JsonToken v = p.nextToken();
                if ("sources".equals(name)) {
                    out = v == JsonToken.START_ARRAY ? List.copyOf(citations(p, true, null)) : skip(p, List.of());
                } else {
                    EmbeddedJson.skip(p);
                }
            }
            return out;
        }
    }
}

package io.github.pplxexport.testkit;

import io.github.pplxexport.conversation.Conversation;
import io.github.pplxexport.conversation.ConversationAssembler;
import io.github.pplxexport.conversation.RawFiles;
import io.github.pplxexport.conversation.ThreadIdentity;
import io.github.pplxexport.json.PyJson;
import io.github.pplxexport.labels.Labels;
import io.github.pplxexport.render.ThreadRenderer;
import io.github.pplxexport.subagent.SubAgentMap;
import io.github.pplxexport.thread.RawResponse;
import io.github.pplxexport.thread.ResponseParser;
import io.github.pplxexport.thread.Turn;
import io.github.pplxexport.thread.Turns;
import io.github.pplxexport.thread.WorkflowItem;
import io.github.pplxexport.variant.AnswerVariant;

import java.nio.charset.StandardCharsets;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Small builders for raw Perplexity threads in the shapes of reference-behaviour.md §1.2/§1.3 (plain
 * entries with a JSON step list in {@code text}; schematized entries with workflow blocks; background
 * entries), so each test can show its own scenario in a few lines. Everything is a plain mutable
 * LinkedHashMap / ArrayList tree, exactly what {@code Json.parse} produces.
 */
public final class RawThreads {
    /** 2026-10-03 14:09:24 UTC: a round second used as the time origin of the waterfall scenarios. */
    public static final long T0 = 1_791_036_564L;

    private RawThreads() {
    }

    // ---------------------------------------------------------------- JSON trees

    /** An object from key/value pairs, in order. */
    public static Map<String, Object> obj(Object... kv) {
        if (kv.length % 2 != 0) {
            throw new IllegalArgumentException("odd number of key/value arguments");
        }
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    public static List<Object> arr(Object... items) {
        return new ArrayList<>(Arrays.asList(items));
    }

    /** ISO-8601 UTC with microseconds and {@code +00:00}, as the API writes workflow times. */
    public static String iso(double epochSeconds) {
        long micros = Math.round(epochSeconds * 1_000_000d);
        Instant t = Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000L);
        return DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSS'+00:00'").withZone(ZoneOffset.UTC).format(t);
    }

    /** Seconds → the {@code created_us} microseconds of an entry. */
    public static long us(double epochSeconds) {
        return Math.round(epochSeconds * 1_000_000d);
    }

    // ---------------------------------------------------------------- plain response (raw_entries.json)

    /** A plain step {@code {step_type, content}}. */
    public static Map<String, Object> step(String type, Map<String, Object> content) {
        return obj("step_type", type, "content", content);
    }

    /** A FINAL step whose {@code content.answer} is the given string (JSON text or plain text). */
    public static Map<String, Object> finalStep(String answer) {
        return step("FINAL", obj("answer", answer));
    }

    /** A FINAL step whose answer is the JSON encoding of {@code answer}. */
    public static Map<String, Object> finalJson(Map<String, Object> answer) {
        return finalStep(PyJson.compact(answer));
    }

    /** A plain entry: uuid, query_str, created_us (null = absent) and the step list as a JSON string in {@code text}. */
    @SafeVarargs
    public static Map<String, Object> entry(String uuid, String query, Long createdUs, Map<String, Object>... steps) {
        Map<String, Object> e = obj("uuid", uuid, "query_str", query);
        if (createdUs != null) {
            e.put("created_us", createdUs);
        }
        e.put("text", PyJson.compact(arr((Object[]) steps)));
        return e;
    }

    /** {@code {thread_metadata, entries, background_entries}}. */
    public static Map<String, Object> response(Map<String, Object> threadMetadata, List<Object> entries,
                                               List<Object> background) {
        return obj("thread_metadata", threadMetadata, "entries", entries, "background_entries", background);
    }

    // ---------------------------------------------------------------- schematized response (raw_blocks.json)

    /** A TEXT item; {@code variant} null for none. */
    public static Map<String, Object> textItem(String variant, String text) {
        Map<String, Object> tp = obj("text", text);
        if (variant != null) {
            tp.put("variant", variant);
        }
        return obj("type", "WORKFLOW_ITEM_TEXT", "payload", obj("text_payload", tp));
    }

    public static Map<String, Object> queriesItem(String... queries) {
        return obj("type", "WORKFLOW_ITEM_QUERIES", "payload", obj("queries_payload", obj("queries", arr((Object[]) queries))));
    }

    /** A SOURCES item from {name, url} pairs. */
    public static Map<String, Object> sourcesItem(String... nameUrl) {
        List<Object> sources = arr();
        for (int i = 0; i < nameUrl.length; i += 2) {
            sources.add(obj("name", nameUrl[i], "url", nameUrl[i + 1]));
        }
        return obj("type", "WORKFLOW_ITEM_SOURCES", "payload", obj("sources_payload", obj("sources", sources)));
    }

    /** A WORKFLOW item carrying {@code payload}. */
    public static Map<String, Object> workflowItem(Map<String, Object> payload) {
        return obj("id", payload.get("id"), "type", "WORKFLOW_ITEM_WORKFLOW", "payload", obj("workflow_payload", payload));
    }

    /** A workflow payload {id, headline, status, steps}. */
    @SafeVarargs
    public static Map<String, Object> payload(String id, String headline, String status, Map<String, Object>... steps) {
        return obj("id", id, "headline", headline, "status", status, "steps", arr((Object[]) steps));
    }

    /** A workflow step {title, tool_name (omitted when null), items}. */
    @SafeVarargs
    public static Map<String, Object> wfStep(String title, String toolName, Map<String, Object>... items) {
        Map<String, Object> s = obj("title", title);
        if (toolName != null) {
            s.put("tool_name", toolName);
        }
        s.put("items", arr((Object[]) items));
        return s;
    }

    /**
     * The main-entry step that launches a background sub-agent: {@code run_subagent}, id
     * {@code <payload id>:workflow}, one WORKFLOW item whose payload is marked as a background anchor
     * with the prompt in {@code objective_chunks}.
     */
    public static Map<String, Object> anchorStep(String id, String headline, String anchorStatus, String... prompt) {
        Map<String, Object> wp = payload(id, headline, anchorStatus);
        wp.put("objective_chunks", arr((Object[]) prompt));
        wp.put("is_background_anchor", true);
        Map<String, Object> s = wfStep("", "run_subagent", workflowItem(wp));
        s.put("icon", "subagent");
        s.put("id", id + ":workflow");
        return s;
    }

    /** A block {@code {workflow_block: {status, steps}}}. */
    @SafeVarargs
    public static Map<String, Object> workflowBlock(String status, Map<String, Object>... steps) {
        return obj("intended_usage", "workflow_root",
                "workflow_block", obj("status", status, "steps", arr((Object[]) steps)));
    }

    /** A schematized main entry with the given blocks. */
    @SafeVarargs
    public static Map<String, Object> blocksEntry(String uuid, Map<String, Object>... blocks) {
        return obj("uuid", uuid, "blocks", arr((Object[]) blocks), "trigger", null);
    }

    /** The schematized side of a {@code subagent_result} stub turn: trigger set, no workflow steps. */
    public static Map<String, Object> stubBlocksEntry(String uuid) {
        Map<String, Object> e = blocksEntry(uuid);
        e.put("trigger", "subagent_result");
        return e;
    }

    /**
     * A schematized background entry holding one top-level payload, as the API sends sub-agent runs: a
     * workflow block (status = the run's true status) whose first step is the {@code run_subagent} step
     * with the payload id, and whose second step carries the payload as a WORKFLOW item.
     * {@code entryUpdated} may be null (absent).
     */
    public static Map<String, Object> backgroundEntry(String uuid, String blockStatus, String lockedReason,
                                                      String entryUpdated, Map<String, Object> payload) {
        String id = (String) payload.get("id");
        Map<String, Object> runStep = wfStep((String) payload.get("headline"), "run_subagent");
        runStep.put("id", id);
        Map<String, Object> payloadStep = wfStep("", null, workflowItem(payload));
        payloadStep.put("id", id + ":workflow");
        Map<String, Object> bg = obj("uuid", uuid, "locked_reason", lockedReason);
        if (entryUpdated != null) {
            bg.put("entry_updated_datetime", entryUpdated);
        }
        bg.put("blocks", arr(workflowBlock(blockStatus, runStep, payloadStep)));
        return bg;
    }

    // ---------------------------------------------------------------- conversations and rendering

    /** A response tree parsed as export and re-render parse it: from its archived bytes. */
    public static RawResponse parse(Map<String, Object> response) {
        return ResponseParser.parse(PyJson.compact(response).getBytes(StandardCharsets.UTF_8), true);
    }

    /** The turns of a plain response. */
    public static List<Turn> turns(Map<String, Object> rawEntries) {
        return Turns.of(parse(rawEntries));
    }

    /** One plain entry as the single turn of a response. */
    public static Turn turn(Map<String, Object> entry) {
        return turns(response(obj(), arr(entry), arr())).get(0);
    }

    /** A workflow item as the parser reads it (inside a workflow block step). */
    public static WorkflowItem item(Map<String, Object> item) {
        Map<String, Object> blocks = response(obj(), arr(blocksEntry("e", workflowBlock("", wfStep("", null, item)))), arr());
        return parse(blocks).entries().get(0).workflowBlocks().get(0).steps().get(0).items().get(0);
    }

    /** A conversation in {@code mode} assembled from the raw responses exactly as export and re-render do. */
    public static Conversation conversation(String mode, Map<String, Object> rawEntries, Map<String, Object> rawBlocks) {
        ThreadIdentity identity = new ThreadIdentity("00000000-0000-4000-8000-000000000001", null, "", "测试线程", mode,
                "tester", "", "", null, null);
        return ConversationAssembler.assemble(identity, parse(rawEntries), rawBlocks == null ? null : parse(rawBlocks), null);
    }

    /** As {@link #conversation}, carrying the raw files a live export archives (for the archive writer). */
    public static Conversation exported(String mode, Map<String, Object> rawEntries, Map<String, Object> rawBlocks) {
        Conversation c = conversation(mode, rawEntries, rawBlocks);
        byte[] entries = PyJson.compact(rawEntries).getBytes(StandardCharsets.UTF_8);
        byte[] blocks = rawBlocks == null ? null : PyJson.compact(rawBlocks).getBytes(StandardCharsets.UTF_8);
        return new Conversation(c.identity(), c.metadata(), c.turns(), c.citations(), c.reportInfo(), c.answerVariants(),
                c.subAgents(), c.appendix(), new RawFiles(entries, blocks));
    }

    /** Only an identity (and answer-variant hits): what the asset and sibling steps read of a conversation. */
    public static Conversation identified(String webUuid, String title, List<AnswerVariant> variants) {
        ThreadIdentity identity = new ThreadIdentity(webUuid, null, "", title, "computer", "tester", "", "", null, null);
        return new Conversation(identity, null, List.of(), List.of(), null, variants, SubAgentMap.EMPTY, List.of(), null);
    }

    public static ThreadRenderer renderer() {
        return new ThreadRenderer(Labels.DEFAULT);
    }

    /** conversation.md followed by every turn file, in order: the whole Markdown of a thread. */
    public static List<String> allMarkdown(Conversation c) {
        ThreadRenderer r = renderer();
        List<String> out = new ArrayList<>();
        out.add(r.conversation(c));
        out.addAll(r.turnFiles(c).values());
        return out;
    }

    // ---------------------------------------------------------------- a whole thread

    /** A thread under construction: plain and schematized sides of every main and background entry. */
    public static ThreadBuilder thread() {
        return new ThreadBuilder();
    }

    public static final class ThreadBuilder {
        public final Map<String, Object> threadMetadata = obj("title", "测试线程");
        public final List<Object> entries = arr();
        public final List<Object> blocksEntries = arr();
        public final List<Object> background = arr();
        public final List<Object> blocksBackground = arr();

        /**
         * A user turn created at {@code created} (epoch seconds): plain entry with an INITIAL_QUERY step and
         * {@code plainSteps}; the schematized side holds {@code workflowBlock} (null: no blocks). A non-null
         * {@code lockedReason} goes on the plain entry.
         */
        @SafeVarargs
        public final ThreadBuilder turn(String uuid, String query, double created, String lockedReason,
                                        Map<String, Object> workflowBlock, Map<String, Object>... plainSteps) {
            Map<String, Object>[] steps = Arrays.copyOf(new Map[]{step("INITIAL_QUERY", obj("query", query))},
                    plainSteps.length + 1);
            System.arraycopy(plainSteps, 0, steps, 1, plainSteps.length);
            Map<String, Object> e = entry(uuid, query, us(created), steps);
            if (lockedReason != null) {
                e.put("locked_reason", lockedReason);
            }
            entries.add(e);
            blocksEntries.add(workflowBlock == null ? blocksEntry(uuid) : blocksEntry(uuid, workflowBlock));
            return this;
        }

        /** A {@code subagent_result} stub turn: empty query, no work of its own, the answer a usage snapshot. */
        public ThreadBuilder stubTurn(String uuid, double created, String lockedReason) {
            Map<String, Object> e = entry(uuid, "", us(created), step("INITIAL_QUERY", obj("query", "")),
                    finalJson(obj("workflow_snapshots", obj("", arr()))));
            e.put("trigger", "subagent_result");
            if (lockedReason != null) {
                e.put("locked_reason", lockedReason);
            }
            entries.add(e);
            blocksEntries.add(stubBlocksEntry(uuid));
            return this;
        }

        /** A schematized background entry (see {@link RawThreads#backgroundEntry}). */
        public ThreadBuilder background(Map<String, Object> blocksSide) {
            blocksBackground.add(blocksSide);
            return this;
        }

        /** A background entry with its plain side too (steps, answer and citations of a sub-agent). */
        public ThreadBuilder background(Map<String, Object> blocksSide, Map<String, Object> plainSide) {
            blocksBackground.add(blocksSide);
            background.add(plainSide);
            return this;
        }

        public Map<String, Object> rawEntries() {
            return response(threadMetadata, entries, background);
        }

        public Map<String, Object> rawBlocks() {
            return response(threadMetadata, blocksEntries, blocksBackground);
        }

        public Conversation conversation(String mode) {
            return RawThreads.conversation(mode, rawEntries(), rawBlocks());
        }
    }

    /** A background payload completed at {@code completedAt} (epoch seconds; null = empty completed_at). */
    @SafeVarargs
    public static Map<String, Object> bgPayload(String id, String headline, String status, Number completedAt,
                                                Map<String, Object>... steps) {
        Map<String, Object> p = payload(id, headline, status, steps);
        p.put("completed_at", completedAt == null ? "" : iso(completedAt.doubleValue()));
        return p;
    }
}

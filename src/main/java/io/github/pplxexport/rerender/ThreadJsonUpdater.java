package io.github.pplxexport.rerender;

import io.github.pplxexport.archive.ThreadFiles;
import io.github.pplxexport.archive.ThreadJsonRegistries;
import io.github.pplxexport.conversation.Conversation;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.JsonException;
import io.github.pplxexport.text.Timestamps;
import io.github.pplxexport.subagent.Interruptions;
import io.github.pplxexport.thread.ThreadInputException;
import io.github.pplxexport.variant.AnswerVariant;
import io.github.pplxexport.variant.AnswerVariantLog;
import io.github.pplxexport.variant.AnswerVariants;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code re-render --thread-json}: recomputes the interruptions and answer-variant registries of a thread
 * dir's thread.json in place, and registers changed variants in the central jsonl log with
 * {@code source=offline} (reference-behaviour.md §4.2–§4.4, §6.1).
 */
public final class ThreadJsonUpdater {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.re-render");

    private final Map<Path, AnswerVariantLog> variantLogs = new ConcurrentHashMap<>();

    /** True when thread.json was rewritten. */
    public boolean update(Path dir, Conversation c, Path out) throws IOException {
        Path file = dir.resolve(ThreadFiles.THREAD_JSON);
        if (!Files.exists(file)) {
            LOG.warn("[re-render] {}: no thread.json, registries not written", dir.getFileName());
            return false;
        }
        Map<String, Object> current;
        try {
            current = Json.readObject(file);
        } catch (JsonException e) {
            throw new ThreadInputException("thread.json: " + e.getMessage(), e);
        }
        List<Map<String, Object>> interruptions = Interruptions.of(c.turns(), c.subAgents(), c.appendix());
        ThreadJsonRegistries.Update u = ThreadJsonRegistries.apply(file, current, interruptions,
                AnswerVariants.records(c.answerVariants()));
        if (u.variantsChanged() && !c.answerVariants().isEmpty()) {
            for (AnswerVariant v : c.answerVariants()) {
                LOG.warn(AnswerVariantLog.warning(c.webUuid(), c.title(), v));
            }
            variantLogs.computeIfAbsent(out.toAbsolutePath().normalize(),
                            o -> new AnswerVariantLog(o.resolve("index").resolve("answer_variants_log.jsonl")))
                    .append("offline", c.webUuid(), c.title(), c.answerVariants(), Timestamps.nowUtc(Clock.systemUTC()));
        }
        return u.written();
    }
}

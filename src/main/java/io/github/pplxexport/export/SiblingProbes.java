package io.github.pplxexport.export;

import io.github.pplxexport.archive.AtomicFiles;
import io.github.pplxexport.conversation.Conversation;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.PyJson;
import io.github.pplxexport.text.Timestamps;
import io.github.pplxexport.text.PyStrings;
import io.github.pplxexport.thread.Turn;
import io.github.pplxexport.thread.ResponseParser;
import io.github.pplxexport.thread.Turns;
import io.github.pplxexport.variant.AnswerVariant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The sibling links of answer variants (reference-behaviour.md §4): which ones still need their one probe, and
 * what to do when a sibling does answer. A link is probed once ever: after that it has either a
 * {@code sibling_link} dead letter (the usual 403) or a {@code source: "sibling"} record in the variant registry
 * {@code index/answer_variants_log.jsonl}.
 *
 * <p>A fetched sibling answer goes to {@code rewritten_answer_variant.md} in the thread dir, under a header
 * saying where it came from. That name is the user's hand-editable file (reference §4.3): a file there that
 * the exporter did not write is never touched; the answer then goes to {@code rewritten_answer_variant.fetched.md}.
 */
public final class SiblingProbes {
    private static final Logger LOG = LoggerFactory.getLogger("pplx.export");
    public static final String FILE = "rewritten_answer_variant.md";
    public static final String FETCHED_FILE = "rewritten_answer_variant.fetched.md";
    static final String MARKER = "<!-- pplx-export: fetched answer variants; a hand-written file is never overwritten -->";
    static final String SOURCE = "sibling";

    private final Path out;
    private final Clock clock;

    public SiblingProbes(Path out, Clock clock) {
        this.out = out;
        this.clock = clock;
    }

    private Path registry() {
        return out.resolve("index").resolve("answer_variants_log.jsonl");
    }

    /** The variant hits of {@code c} whose sibling was never probed. */
    public List<SiblingLink> pending(Conversation c) throws IOException {
        List<SiblingLink> links = new ArrayList<>();
        if (c.answerVariants().isEmpty()) {
            return links;
        }
        Set<String> done = probed();
        for (AnswerVariant v : c.answerVariants()) {
            SiblingLink link = new SiblingLink(c.webUuid(), c.title(), v.entryUuid(), v.siblingUuid());
            if (!link.siblingUuid().isEmpty() && !done.contains(link.key())) {
                links.add(link);
            }
        }
        return links;
    }

    private Set<String> probed() throws IOException {
        Set<String> keys = new HashSet<>();
        for (Map<String, Object> d : DeadLetters.read(out)) {
            if ("sibling_link".equals(J.str(d, "kind"))) {
                keys.add(keyOf(d));
            }
        }
        if (Files.isRegularFile(registry())) {
            for (String line : Files.readAllLines(registry(), StandardCharsets.UTF_8)) {
                try {
                    Object r = Json.parse(line);
                    if (SOURCE.equals(J.str(r, "source"))) {
                        keys.add(keyOf(r));
                    }
                } catch (RuntimeException e) {
                    // unparseable lines are skipped, as the registry's other readers do
                }
            }
        }
        return keys;
    }

    private static String keyOf(Object record) {
        return new SiblingLink(J.str(record, "web_uuid"), "", J.str(record, "entry_uuid"),
                J.str(record, "sibling_uuid")).key();
    }

    /** The sibling answered: its answer into the thread dir, and a registry record so it is never asked again. */
    public Path answered(SiblingLink link, Map<String, Object> page, Path threadDir) throws IOException {
        Path file = threadDir.resolve(FILE);
        if (Files.exists(file) && !Files.readString(file, StandardCharsets.UTF_8).startsWith(MARKER)) {
            file = threadDir.resolve(FETCHED_FILE);
            LOG.warn("[export] {}: {} is hand-written and stays as it is; the fetched sibling answer is in {}",
                    link.webUuid(), FILE, FETCHED_FILE);
        }
        String existing = Files.isRegularFile(file) ? Files.readString(file, StandardCharsets.UTF_8)
                : MARKER + "\n# Rewritten answer variants\n";
        String now = Timestamps.nowUtc(clock);
        AtomicFiles.write(file, existing + section(link, page, now));
        Map<String, Object> rec = new LinkedHashMap<>();
        rec.put("detected_at", now);
        rec.put("source", SOURCE);
        rec.put("web_uuid", link.webUuid());
        rec.put("uuid8", PyStrings.head(link.webUuid(), 8));
        rec.put("title", link.title());
        rec.put("entry_uuid", link.entryUuid());
        rec.put("sibling_uuid", link.siblingUuid());
        rec.put("file", out.relativize(file).toString().replace('\\', '/'));
        Files.createDirectories(registry().getParent());
        Files.writeString(registry(), PyJson.compact(rec) + "\n", StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        LOG.warn("[export] {}: the sibling {} of entry {} answered; its answer is saved in {}", link.webUuid(),
                link.siblingUuid(), link.entryUuid(), file);
        return file;
    }

    /** The sibling's answer: its turn whose entry is the sibling, else its last turn. */
    static String section(SiblingLink link, Map<String, Object> page, String fetchedAt) {
        List<Turn> turns = Turns.of(ResponseParser.parse(PyJson.compact(page).getBytes(StandardCharsets.UTF_8), true));
        Turn turn = turns.stream().filter(t -> link.siblingUuid().equals(t.uuid())).findFirst()
                .orElse(turns.isEmpty() ? null : turns.get(turns.size() - 1));
        StringBuilder sb = new StringBuilder("\n## Sibling ").append(link.siblingUuid()).append("\n\n")
                .append("Fetched by pplx-export at ").append(fetchedAt).append(" from `GET /rest/thread/")
                .append(link.siblingUuid()).append("`: the answer the platform replaced in entry `")
                .append(link.entryUuid()).append("` of thread `").append(link.webUuid())
                .append("` (see `answer_variants` in thread.json).\n\n");
        if (turn == null) {
            return sb.append("(the answer had no entries)\n").toString();
        }
        if (turn.query() != null && !turn.query().isBlank()) {
            sb.append("### ").append(turn.query().strip().replace("\n", " ")).append("\n\n");
        }
        return sb.append(turn.answer() == null ? "" : turn.answer().strip()).append("\n").toString();
    }
}

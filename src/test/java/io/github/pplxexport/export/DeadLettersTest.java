package io.github.pplxexport.export;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.library.BatchState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One dead letter per failed item, and the file is what is still wrong (issue 24). */
class DeadLettersTest {
    @TempDir
    Path out;

    private static final Failures NO_FAILURES = new Failures() {
        public String line(Exception e) {
            return "HTTP 500";
        }

        public Integer status(Exception e) {
            return 500;
        }

        public String code(Exception e) {
            return "";
        }
    };

    private static String line(String kind, String uuid, String extra) {
        return "{\"time\": \"t\", \"kind\": \"" + kind + "\", \"web_uuid\": \"" + uuid + "\"" + extra + ", \"status\": 500}";
    }

    @Test
    void aFailureAlreadyInTheFileIsNotNew() throws Exception {
        Files.createDirectories(out.resolve("index"));
        Files.writeString(DeadLetters.file(out), line("thread", "u1", "") + "\n"
                + line("sibling_link", "u1", ", \"entry_uuid\": \"e\", \"sibling_uuid\": \"s1\"") + "\n", StandardCharsets.UTF_8);
        DeadLetters letters = new DeadLetters(out, Clock.systemUTC(), NO_FAILURES);
        assertFalse(letters.isNew(J.asMap(Json.parse(line("thread", "u1", "")))));
        assertTrue(letters.isNew(J.asMap(Json.parse(line("thread", "u2", "")))));
        assertFalse(letters.isNew(J.asMap(Json.parse(line("sibling_link", "u1", ", \"sibling_uuid\": \"s1\"")))));
        assertTrue(letters.isNew(J.asMap(Json.parse(line("sibling_link", "u1", ", \"sibling_uuid\": \"s2\"")))),
                "another sibling of the same thread is another item");
    }

    @Test
    void pruneKeepsWhatIsStillWrongOnceEach() throws Exception {
        BatchState state = BatchState.load(BatchState.file(out));
        state.markOk("done", "2026-01-01T00:00:00Z", "a");
        state.markError("failing", "2026-01-01T00:00:00Z", "b", "HTTP 500");
        state.save();
        Files.writeString(DeadLetters.file(out), String.join("\n",
                line("thread", "done", ""),
                line("thread", "failing", ""),
                "{\"kind\": \"thread\", \"web_uuid\": \"fail", // a line a kill -9 cut short
                line("thread", "failing", ", \"error\": \"later\""),
                line("sibling_link", "done", ", \"sibling_uuid\": \"s\""),
                line("asset", "gone", ", \"asset_uuid\": \"a\", \"filename\": \"f.csv\", \"version\": \"1\", \"error_code\": \"ASSET_NOT_FOUND\""),
                line("asset", "fetched", ", \"asset_uuid\": \"b\", \"filename\": \"g.csv\", \"version\": \"1\"")) + "\n",
                StandardCharsets.UTF_8);
        DeadLetters letters = new DeadLetters(out, Clock.systemUTC(), NO_FAILURES);
        RunState run = new RunState("a", null, state);
        assertEquals(3, letters.prune(run), "the done thread, the older line of the failing one, the fetched asset");
        List<Map<String, Object>> left = DeadLetters.read(out);
        assertEquals(List.of("failing", "done", "gone"), left.stream().map(r -> J.str(r, "web_uuid")).toList());
        assertEquals("later", J.str(left.get(0), "error"), "the latest line about an item");
        byte[] once = Files.readAllBytes(DeadLetters.file(out));
        assertEquals(0, letters.prune(run));
        assertEquals(new String(once, StandardCharsets.UTF_8), Files.readString(DeadLetters.file(out)), "nothing more to remove");
    }
}

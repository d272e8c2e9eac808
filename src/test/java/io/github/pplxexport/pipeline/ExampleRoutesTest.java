package io.github.pplxexport.pipeline;

import io.github.pplxexport.json.J;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The README's two worked examples, loaded with {@code --routes examples/routes} over the shipped routes: every
 * exported conversation.md lands in the Obsidian vault, and dead letters go to text files in a folder instead of
 * index/dead_letters.jsonl.
 */
class ExampleRoutesTest {
    @TempDir
    Path tmp;

    @Test
    void bothExamplesDoWhatTheReadmeSays() throws Exception {
        Path vault = tmp.resolve("vault");
        Path deadLetters = tmp.resolve("dead-letters");
        try (LiveLibrary lib = LiveLibrary.of(tmp.resolve("lib")).serve()) {
            assertEquals(0, lib.run("--routes", "examples/routes", "-D", "obsidian.vault=" + vault,
                    "-D", "pplx.dead-letter.dir=" + deadLetters, "sync"));

            // obsidian-vault.camel.yaml: one note per exported thread, named after its dir, the same bytes
            Map<String, byte[]> notes = LiveLibrary.files(vault.resolve("Perplexity"));
            List<String> dirs = lib.threadDirs();
            assertEquals(4, dirs.size(), "alice's four threads");
            Map<String, byte[]> expected = new TreeMap<>();
            for (String d : dirs) {
                expected.put(Path.of(d).getFileName() + ".md", Files.readAllBytes(lib.out.resolve(d).resolve("conversation.md")));
            }
            assertEquals(expected.keySet(), notes.keySet(), "no temp file left either");
            expected.forEach((name, bytes) -> assertArrayEquals(bytes, notes.get(name), name));

            // dead-letter-folder.camel.yaml: the sample's refused sibling link, as a line in <web_uuid>.txt
            Map<String, byte[]> letters = LiveLibrary.files(deadLetters);
            String variantThread = LiveLibrary.sample("b2a69fad").uuid();
            assertEquals(List.of(variantThread + ".txt"), List.copyOf(letters.keySet()));
            String line = new String(letters.get(variantThread + ".txt"), StandardCharsets.UTF_8);
            assertTrue(line.contains("kind=sibling_link") && line.contains(LiveLibrary.SIBLING) && line.contains("403"), line);
            assertFalse(Files.exists(lib.out.resolve("index/dead_letters.jsonl")), "the shipped sink is replaced");
            assertEquals(1, lib.siblingProbes().size());
            assertEquals("ok", J.str(lib.state().get(variantThread), "status"), "the thread itself is exported ok");
        }
    }
}

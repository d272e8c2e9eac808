package io.github.pplxexport.pipeline;

import io.github.pplxexport.cli.PplxExportCli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * DESIGN.md §5 round-trip invariant: exporting the replay of an archive reproduces it byte for byte, thread.json
 * equal except {@code exported_at}. {@code demo} replays {@code archive-sample/}, so its output must be the
 * sample itself (the tool-managed {@code index/} aside, and the sample's README, which no exporter writes).
 */
class RoundTripTest {
    private static final Pattern EXPORTED_AT = Pattern.compile("(?m)^ \"exported_at\": \"[^\"]*\",?\\n");

    @TempDir
    Path out;
    /** The demo's four asks go to an archive of their own, so this one stays the sample's copy. */
    @TempDir
    Path asks;

    @Test
    void demoReproducesTheSampleFileForFileByteForByte() throws Exception {
        assertEquals(0, PplxExportCli.execute("demo", "--out", out.toString(), "--asks-out", asks.toString()));
        assertEquals(4, LiveLibrary.files(asks).keySet().stream().filter(k -> k.endsWith("/conversation.md")).count(),
                "one ask per mode, archived beside");

        Map<String, String> expected = comparable(LiveLibrary.files(LiveLibrary.SAMPLE));
        expected.remove("README.md");
        Map<String, String> actual = comparable(LiveLibrary.files(out));
        actual.keySet().removeIf(k -> k.startsWith("index/"));

        assertEquals(9, expected.keySet().stream().filter(k -> k.endsWith("/thread.json")).count(), "nine sample threads");
        List<String> missing = new ArrayList<>(expected.keySet());
        missing.removeAll(actual.keySet());
        List<String> extra = new ArrayList<>(actual.keySet());
        extra.removeAll(expected.keySet());
        assertTrue(missing.isEmpty() && extra.isEmpty(), "same files; missing " + missing + ", extra " + extra);
        Map<String, byte[]> sampleBytes = LiveLibrary.files(LiveLibrary.SAMPLE);
        Map<String, byte[]> outBytes = LiveLibrary.files(out);
        for (String f : expected.keySet()) {
            assertEquals(expected.get(f), actual.get(f), "content of " + f);
            if (!f.endsWith("/thread.json")) {
                assertArrayEquals(sampleBytes.get(f), outBytes.get(f), "bytes of " + f);
            }
        }
    }

    /** Files as text (all are UTF-8 text), thread.json without its exported_at line. */
    private static Map<String, String> comparable(Map<String, byte[]> files) {
        Map<String, String> m = new TreeMap<>();
        files.forEach((k, v) -> {
            String text = new String(v, StandardCharsets.UTF_8);
            if (k.endsWith("/thread.json")) {
                assertTrue(EXPORTED_AT.matcher(text).find(), "thread.json has exported_at: " + k);
                text = EXPORTED_AT.matcher(text).replaceAll("");
            }
            m.put(k, text);
        });
        return m;
    }
}

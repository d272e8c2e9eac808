package io.github.pplxexport.testkit;

import io.github.pplxexport.sample.LibraryGrowth;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A library of any size grown from the sample ({@code archive-sample/}) for the replay to serve, and the archive
 * files a test compares across runs. Copy {@code i} of a sample thread gets its own web uuid
 * ({@code %08x} of {@code 0xa0000000 + i}, then the sample's tail), in its raw files, thread.json and folder name;
 * the first copy of each sample thread also carries its {@code assets/} (manifest and files), which is where the
 * replay's CDN finds the bytes of every copy's signed URLs.
 */
public final class GrownLibrary {
    public static final Path SAMPLE = Paths.get("archive-sample");
    private static final Pattern EXPORTED_AT = Pattern.compile("(?m)^ \"exported_at\": \"[^\"]*\",?\\n");

    private GrownLibrary() {
    }

    /**
     * Writes {@code threads} copies of the sample threads whose author folder is in {@code authors}, round robin,
     * into {@code served} under the author folder {@code into} (null: each copy's own).
     */
    public static void grow(Path served, int threads, Set<String> authors, String into) throws IOException {
        LibraryGrowth.grow(SAMPLE, served, 0, threads, authors, into);
    }

    /**
     * The files of an archive's thread dirs as a run should leave them (the {@code index/} folder aside): thread.json
     * as text without its {@code exported_at} line, every other file's bytes as ISO-8859-1 text (one char a byte).
     */
    public static Map<String, String> comparable(Path out) throws IOException {
        Map<String, String> m = new TreeMap<>();
        if (!Files.isDirectory(out)) {
            return m;
        }
        try (Stream<Path> s = Files.walk(out)) {
            for (Path p : s.filter(Files::isRegularFile).sorted().toList()) {
                String rel = out.relativize(p).toString().replace('\\', '/');
                if (rel.startsWith("index/")) {
                    continue;
                }
                byte[] bytes = Files.readAllBytes(p);
                m.put(rel, rel.endsWith("/thread.json")
                        ? EXPORTED_AT.matcher(new String(bytes, StandardCharsets.UTF_8)).replaceAll("")
                        : new String(bytes, StandardCharsets.ISO_8859_1));
            }
        }
        return m;
    }
}

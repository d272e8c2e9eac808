package io.github.pplxexport.testkit;

import io.github.pplxexport.archive.FileTrees;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
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
    private static final Pattern AUTHOR = Pattern.compile("(\"(?:author|export_via)\": \")[^\"]*\"");
    private static final Pattern EXPORTED_AT = Pattern.compile("(?m)^ \"exported_at\": \"[^\"]*\",?\\n");

    private GrownLibrary() {
    }

    /** One sample thread: its dir relative to the sample root and its web uuid. */
    private record Source(Path dir, String uuid) {
    }

    /**
     * Writes {@code threads} copies of the sample threads whose author folder is in {@code authors}, round robin,
     * into {@code served} under the author folder {@code into} (null: each copy's own).
     */
    public static void grow(Path served, int threads, Set<String> authors, String into) throws IOException {
        List<Source> sources = new ArrayList<>();
        try (Stream<Path> s = Files.walk(SAMPLE)) {
            for (Path p : s.filter(f -> f.getFileName().toString().equals("thread.json")).sorted().toList()) {
                Path dir = SAMPLE.relativize(p.getParent());
                if (authors.contains(dir.getName(0).toString())) {
                    sources.add(new Source(dir, J.str(Json.readObject(p), "web_uuid")));
                }
            }
        }
        for (int i = 0; i < threads; i++) {
            Source t = sources.get(i % sources.size());
            String uuid = String.format("%08x", 0xa0000000L + i) + t.uuid().substring(8);
            Path src = SAMPLE.resolve(t.dir());
            String name = src.getFileName().toString().replace(t.uuid().substring(0, 8), uuid.substring(0, 8));
            Path dst = Files.createDirectories(served.resolve(into == null ? t.dir().getName(0).toString() : into)
                    .resolve(t.dir().getName(1)).resolve(name));
            for (String f : List.of("thread.json", "raw_entries.json", "raw_blocks.json")) {
                if (Files.exists(src.resolve(f))) {
                    String text = Files.readString(src.resolve(f), StandardCharsets.UTF_8).replace(t.uuid(), uuid);
                    if (into != null && f.equals("thread.json")) {
                        // the replay lists a thread under its thread.json author
                        text = AUTHOR.matcher(text).replaceAll("$1" + into + "\"");
                    }
                    Files.writeString(dst.resolve(f), text, StandardCharsets.UTF_8);
                }
            }
            if (i < sources.size() && Files.isDirectory(src.resolve("assets"))) {
                FileTrees.copy(src.resolve("assets"), dst.resolve("assets"));
            }
        }
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

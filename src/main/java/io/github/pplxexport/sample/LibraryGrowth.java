package io.github.pplxexport.sample;

import io.github.pplxexport.archive.FileTrees;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A library of any size grown from the sample ({@code archive-sample/}) for the replay to serve. Copy {@code i}
 * of a sample thread gets its own web uuid ({@link #uuid}), in its raw files, thread.json and folder name; the
 * first copy of each sample thread also carries its {@code assets/} (manifest and files), which is where the
 * replay's CDN finds the bytes of every copy's signed URLs.
 */
public final class LibraryGrowth {
    private static final Pattern AUTHOR = Pattern.compile("(\"(?:author|export_via)\": \")[^\"]*\"");

    private LibraryGrowth() {
    }

    /** One sample thread: its dir relative to the sample root and its web uuid. */
    record Source(Path dir, String uuid) {
    }

    /** The web uuid of copy {@code i} of a sample thread: {@code %08x} of {@code 0xa0000000 + i}, then the sample's tail. */
    public static String uuid(int i, String sampleUuid) {
        return String.format("%08x", 0xa0000000L + i) + sampleUuid.substring(8);
    }

    /** The sample threads whose author folder is in {@code authors}, in path order. */
    static List<Source> sources(Path sample, Set<String> authors) throws IOException {
        List<Source> sources = new ArrayList<>();
        try (Stream<Path> s = Files.walk(sample)) {
            for (Path p : s.filter(f -> f.getFileName().toString().equals("thread.json")).sorted().toList()) {
                Path dir = sample.relativize(p.getParent());
                if (authors.contains(dir.getName(0).toString())) {
                    sources.add(new Source(dir, J.str(Json.readObject(p), "web_uuid")));
                }
            }
        }
        return sources;
    }

    /**
     * Writes copies {@code from} to {@code to - 1} of the sample threads whose author folder is in {@code authors},
     * round robin, into {@code served} under the author folder {@code into} (null: each copy's own).
     */
    public static void grow(Path sample, Path served, int from, int to, Set<String> authors, String into) throws IOException {
        List<Source> sources = sources(sample, authors);
        for (int i = from; i < to; i++) {
            Source t = sources.get(i % sources.size());
            String uuid = uuid(i, t.uuid());
            Path src = sample.resolve(t.dir());
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
}

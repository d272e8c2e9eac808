package io.github.pplxexport.conformance;

import io.github.pplxexport.sample.SyntheticArchive;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The reference exporter's fixtures in {@code ../shared/fixtures/upstream} (GPL-3.0: read from there,
 * never copied into this project). Each fixture is laid out as an archive thread dir in a temp folder.
 */
public final class UpstreamFixtures {
    public static final Path ROOT = locate();

    private UpstreamFixtures() {
    }

    private static Path locate() {
        String override = System.getProperty("pplx.upstream.fixtures");
        if (override != null) {
            return Paths.get(override);
        }
        // ../shared/fixtures/upstream next to the checkout; from a git worktree (e.g. <root>/wt/<name>) the
        // shared folder sits further up, so every ancestor is tried, nearest first
        Path dflt = Paths.get("..", "shared", "fixtures", "upstream").toAbsolutePath().normalize();
        for (Path p = Paths.get("").toAbsolutePath().getParent(); p != null; p = p.getParent()) {
            Path candidate = p.resolve("shared").resolve("fixtures").resolve("upstream");
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        return dflt;
    }

    /** The reference's expected thread.json registry keys per fixture ({@code null} = key absent). */
    public static Path expectedRegistries() {
        return ROOT.resolve("expected_registries.json");
    }

    public static boolean available() {
        return Files.isDirectory(ROOT);
    }

    /** Why the conformance tests are skipped when {@link #available()} is false. */
    public static String missing() {
        return "reference fixtures not found at " + ROOT + " (a checkout beside shared/, or -Dpplx.upstream.fixtures=DIR)";
    }

    /** Fixture folders that hold a raw_entries.json and golden output. */
    public static List<Path> fixtures() throws IOException {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(ROOT)) {
            s.filter(p -> Files.isRegularFile(p.resolve("raw_entries.json")) && Files.isDirectory(p.resolve("golden")))
                    .sorted().forEach(out::add);
        }
        return out;
    }

    /** Copies the fixture's raw files and thread.json into {@code <archive>/<author>/<mode>/<name>/}; returns that dir. */
    static Path layOut(Path fixture, Path archive) throws IOException {
        return SyntheticArchive.layOut(fixture, archive, fixture.getFileName().toString());
    }

    /** Pairs of (golden file, rendered file) for a fixture whose thread dir is {@code dir}. */
    public static List<Path[]> goldenPairs(Path fixture, Path dir) throws IOException {
        List<Path[]> pairs = new ArrayList<>();
        Path golden = fixture.resolve("golden");
        if (Files.exists(golden.resolve("conversation.md"))) {
            pairs.add(new Path[]{golden.resolve("conversation.md"), dir.resolve("conversation.md")});
        }
        List<Path> turnGoldens = new ArrayList<>();
        Path turnsDir = golden.resolve("turns");
        try (Stream<Path> s = Files.list(Files.isDirectory(turnsDir) ? turnsDir : golden)) {
            s.filter(p -> p.getFileName().toString().matches("turn_\\d+\\.md")).sorted().forEach(turnGoldens::add);
        }
        for (Path g : turnGoldens) {
            pairs.add(new Path[]{g, dir.resolve("turns").resolve(g.getFileName())});
        }
        return pairs;
    }
}

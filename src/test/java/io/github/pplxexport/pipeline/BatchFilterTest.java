package io.github.pplxexport.pipeline;

import io.github.pplxexport.json.J;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code batch --mode} and {@code --limit} filter the index rows before planning (reference-behaviour.md §2.2,
 * reference-cli-and-archive.md §2.6). The session names no author, so the replay lists all nine sample threads
 * of both authors as account {@code replay}.
 */
class BatchFilterTest {
    @TempDir
    Path tmp;

    private static LiveLibrary everyThread(Path dir) throws Exception {
        return LiveLibrary.of(dir).withSecretCookies("replay", null, "tok-everyone", "").serve();
    }

    @Test
    void modeComputerExportsOnlyTheComputerThreads() throws Exception {
        try (LiveLibrary lib = everyThread(tmp)) {
            assertEquals(0, lib.run("index"));
            Map<String, Object> index = io.github.pplxexport.json.Json.readObject(
                    lib.out.resolve("index/library_replay.json"));
            assertEquals(9, J.list(index, "threads").size(), "the index lists all nine threads");
            assertTrue(lib.threadDirs().isEmpty(), "index exports nothing");

            assertEquals(0, lib.run("batch", "--mode", "computer"));

            List<LiveLibrary.SampleThread> computer = LiveLibrary.sampleThreads().values().stream()
                    .filter(t -> t.mode().equals("computer")).toList();
            assertEquals(3, computer.size(), "the sample has three computer threads");
            assertEquals(computer.stream().map(LiveLibrary.SampleThread::dir).sorted().toList(), lib.threadDirs(),
                    "only the computer threads were written");
            Map<String, Object> state = lib.state();
            assertEquals(new TreeSet<>(computer.stream().map(LiveLibrary.SampleThread::uuid).toList()),
                    new TreeSet<>(state.keySet()), "the state holds the computer threads only");
            state.values().forEach(r -> assertEquals("ok", J.str(r, "status"), "state record " + r));
            assertEquals(new TreeSet<>(computer.stream().map(LiveLibrary.SampleThread::uuid).toList()),
                    new TreeSet<>(lib.exportedUuids()), "no other thread was fetched");
        }
    }

    @Test
    void limitTwoOnAFreshArchiveExportsTheTwoNewest() throws Exception {
        try (LiveLibrary lib = everyThread(tmp)) {
            assertEquals(0, lib.run("index"));
            assertEquals(0, lib.run("batch", "--limit", "2"));

            List<LiveLibrary.SampleThread> newest = LiveLibrary.sampleThreads().values().stream()
                    .sorted(Comparator.comparing(LiveLibrary.SampleThread::lastUpdated).reversed()).limit(2).toList();
            assertEquals(List.of("451dd14f", "5b409cb0"), newest.stream().map(LiveLibrary.SampleThread::uuid8).toList(),
                    "the sample's two newest threads");
            assertEquals(newest.stream().map(LiveLibrary.SampleThread::dir).sorted().toList(), lib.threadDirs());
            assertEquals(new TreeSet<>(newest.stream().map(LiveLibrary.SampleThread::uuid).toList()),
                    new TreeSet<>(lib.state().keySet()));
            assertEquals(newest.stream().map(LiveLibrary.SampleThread::uuid).toList(), lib.exportedUuids(),
                    "fetched newest first, nothing else");
            for (LiveLibrary.SampleThread t : newest) {
                assertEquals(t.lastUpdated(), J.str(lib.state().get(t.uuid()), "lastUpdated"),
                        "state keeps the index row's lastUpdated");
                assertTrue(Files.isRegularFile(lib.out.resolve(t.dir()).resolve("conversation.md")));
            }
        }
    }
}

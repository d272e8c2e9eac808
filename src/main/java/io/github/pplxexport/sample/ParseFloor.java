package io.github.pplxexport.sample;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.pplxexport.launcher.ProcessStats;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * The parse floor {@code bench} compares re-render with: a process that only reads every raw_*.json of an
 * archive and tree-parses it with Jackson, on the same number of threads. Anything re-render does beyond
 * this (decoding the JSON inside strings, rendering, writing) is its own cost.
 * {@code java -cp pplx-export.jar io.github.pplxexport.sample.ParseFloor <archive> <threads>}
 */
public final class ParseFloor {
    private ParseFloor() {
    }

    public static void main(String[] args) throws Exception {
        ProcessStats.recordAtExit("floor");
        Path archive = Paths.get(args[0]);
        int threads = args.length > 1 ? Integer.parseInt(args[1]) : Runtime.getRuntime().availableProcessors();
        List<Path> files;
        try (Stream<Path> s = Files.find(archive, 4, (p, a) -> a.isRegularFile() && p.getFileName().toString().startsWith("raw_"))) {
            files = s.sorted().toList();
        }
        ObjectMapper mapper = new ObjectMapper();
        AtomicLong bytes = new AtomicLong();
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads));
        try {
            List<Future<?>> work = new java.util.ArrayList<>();
            int n = Math.max(1, threads);
            for (int t = 0; t < n; t++) {
                int first = t;
                work.add(pool.submit(() -> {
                    for (int i = first; i < files.size(); i += n) {
                        try {
                            byte[] b = Files.readAllBytes(files.get(i));
                            bytes.addAndGet(b.length);
                            mapper.readTree(b);
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    }
                }));
            }
            for (Future<?> f : work) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
        System.out.println("parse floor: " + files.size() + " files, " + (bytes.get() >> 20) + " MiB");
    }
}

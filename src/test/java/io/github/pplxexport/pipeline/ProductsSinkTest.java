package io.github.pplxexport.pipeline;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The products leave through one file endpoint, so an operator adds a second sink with one route: the example
 * {@code examples/products-mirror} (replacing the no-op {@code product-written}) gets every product of bob's
 * threads, the same bytes under the same names, and none of the sources of truth.
 */
class ProductsSinkTest {
    @TempDir
    Path tmp;

    @Test
    void anOperatorRouteMirrorsEveryProduct() throws Exception {
        Path mirror = tmp.resolve("mirror");
        try (LiveLibrary lib = LiveLibrary.of(tmp.resolve("lib")).as("bob").serve()) {
            assertEquals(0, lib.run("--routes", "examples/products-mirror", "-D", "pplx.products.mirror=" + mirror, "sync"));

            Map<String, byte[]> expected = new TreeMap<>();
            LiveLibrary.files(lib.out).forEach((name, bytes) -> {
                boolean product = name.endsWith(".md") || name.contains("/assets/files/");
                if (!name.startsWith("index/") && product) {
                    expected.put(name, bytes);
                }
            });
            assertTrue(expected.keySet().stream().anyMatch(n -> n.endsWith("/report.md")), expected.keySet().toString());
            assertTrue(expected.keySet().stream().anyMatch(n -> n.endsWith("/assets/files/budget_v2.csv")));
            assertTrue(expected.keySet().stream().anyMatch(n -> n.endsWith("/turns/turn_0013.md")));
            Map<String, byte[]> mirrored = LiveLibrary.files(mirror);
            assertEquals(expected.keySet(), mirrored.keySet(),
                    "every product and nothing else (no thread.json, raw_*.json, sources.json, manifest, temp file)");
            expected.forEach((name, bytes) -> assertArrayEquals(bytes, mirrored.get(name), name));
        }
    }
}

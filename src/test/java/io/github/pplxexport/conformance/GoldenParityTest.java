package io.github.pplxexport.conformance;

import io.github.pplxexport.cli.PplxExportCli;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GoldenParityTest {
    @TempDir
    Path archive;

    @Test
    void everyGoldenFileIsByteIdentical() throws Exception {
        Assumptions.assumeTrue(UpstreamFixtures.available(), UpstreamFixtures::missing);
        Map<Path, Path> dirs = new LinkedHashMap<>();
        for (Path fixture : UpstreamFixtures.fixtures()) {
            dirs.put(fixture, UpstreamFixtures.layOut(fixture, archive));
        }
        // the real path: the CLI starts Camel Main and runs the shipped re-render routes
        assertEquals(0, PplxExportCli.execute("re-render", "--out", archive.toString()));
        int total = 0;
        int same = 0;
        List<String> diffs = new ArrayList<>();
        for (Map.Entry<Path, Path> e : dirs.entrySet()) {
            Path fixture = e.getKey();
            Path dir = e.getValue();
            for (Path[] pair : UpstreamFixtures.goldenPairs(fixture, dir)) {
                total++;
                byte[] want = Files.readAllBytes(pair[0]);
                byte[] got = Files.exists(pair[1]) ? Files.readAllBytes(pair[1]) : new byte[0];
                if (Arrays.equals(want, got)) {
                    same++;
                } else {
                    diffs.add(fixture.getFileName() + "/" + pair[0].getFileName() + "\n" + firstDifference(want, got));
                }
            }
        }
        System.out.println("golden parity: " + same + "/" + total + " files identical");
        diffs.forEach(d -> System.out.println("DIFF " + d));
        assertTrue(diffs.isEmpty(), "golden parity: " + same + "/" + total + "; first: " + (diffs.isEmpty() ? "" : diffs.get(0)));
    }

    static String firstDifference(byte[] want, byte[] got) {
        String w = new String(want, java.nio.charset.StandardCharsets.UTF_8);
        String g = new String(got, java.nio.charset.StandardCharsets.UTF_8);
        String[] wl = w.split("\n", -1);
        String[] gl = g.split("\n", -1);
        for (int i = 0; i < Math.max(wl.length, gl.length); i++) {
            String a = i < wl.length ? wl[i] : "<EOF>";
            String b = i < gl.length ? gl[i] : "<EOF>";
            if (!a.equals(b)) {
                return "  line " + (i + 1) + "\n  want: " + a + "\n  got:  " + b;
            }
        }
        return "  (same lines, different bytes)";
    }
}

package io.github.pplxexport.asset;

import io.github.pplxexport.labels.Labels;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** report.md, byte for byte (reference-behaviour.md §8.10). */
class ReportMdTest {
    private final Map<String, byte[]> bodies = new HashMap<>();

    private ManifestVersion version(String uuid, String filename, String type, Object createdAt, String body) {
        return version(uuid, filename, type, createdAt, body == null ? null : body.getBytes(StandardCharsets.UTF_8));
    }

    private ManifestVersion version(String uuid, String filename, String type, Object createdAt, byte[] body) {
        if (body != null) {
            bodies.put(uuid, body);
        }
        return new ManifestVersion(filename, uuid, type, "v1", createdAt, body == null ? "" : "assets/files/" + uuid,
                false, false, Map.of());
    }

    private static Map<String, Object> info(String title, String fileName) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("title", title);
        m.put("file_name", fileName);
        m.put("url", "https://cdn.test/report");
        return m;
    }

    private Optional<String> render(Map<String, Object> info, List<ManifestVersion> versions) {
        return ReportMd.render(info, versions, v -> bodies.get(v.uuid()), Labels.DEFAULT);
    }

    @Test
    void titleFileLineAndTheMathNormalisedBody() {
        List<ManifestVersion> vs = List.of(version("r1", "market-study.md", "RESEARCH_REPORT", "100",
                "## Findings\n\nGrowth is \\( g = 3\\% \\) and\n\\[ x^2 \\]\n"));
        String expected = "# Market study\n"
                + "\n"
                + "> 产物文件: market-study.md\n"
                + "\n"
                + "## Findings\n\nGrowth is $g = 3\\%$ and\n$$\nx^2\n$$\n";
        assertArrayEquals(expected.getBytes(StandardCharsets.UTF_8),
                render(info("Market study", "market-study.md"), vs).orElseThrow().getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void withoutFileNameOrTitleTheDefaultTitleAndNoFileLine() {
        List<ManifestVersion> vs = List.of(version("r1", "whatever", "RESEARCH_REPORT", "1", "Body without newline"));
        assertEquals("# 研究报告\n\nBody without newline", render(info("", ""), vs).orElseThrow());
        Map<String, Object> nulls = new LinkedHashMap<>();
        nulls.put("title", null);
        nulls.put("file_name", null);
        assertEquals("# 研究报告\n\nBody without newline", render(nulls, vs).orElseThrow());
    }

    @Test
    void theNamedFileWinsNewestFirstThenOtherReportsNewestFirst() {
        List<ManifestVersion> vs = List.of(
                version("other-new", "b.md", "RESEARCH_REPORT", "900", "other new"),
                version("named-old", "report.md", "DOC_FILE", "100", "named old"),
                version("named-new", "report.md", "DOC_FILE", "200", "named new"),
                version("chart", "c.png", "CHART", "999", "not a report"));
        assertEquals("named new", body(render(info("T", "report.md"), vs)));
        assertEquals(List.of("named-new", "named-old", "other-new"),
                ReportMd.sources("report.md", vs).stream().map(ManifestVersion::uuid).toList());
        assertEquals(List.of("other-new"), ReportMd.sources("", vs).stream().map(ManifestVersion::uuid).toList());
    }

    @Test
    void failedEmptyBlankAndBinaryBodiesArePassedOver() {
        byte[] pdf = "%PDF-1.7 binary".getBytes(StandardCharsets.US_ASCII);
        List<ManifestVersion> vs = List.of(
                version("failed", "report.md", "RESEARCH_REPORT", "500", (byte[]) null),
                version("empty", "report.md", "RESEARCH_REPORT", "400", ""),
                version("blank", "report.md", "RESEARCH_REPORT", "300", " \n\t\r\n"),
                version("pdf", "report.md", "RESEARCH_REPORT", "200", pdf),
                version("good", "report.md", "RESEARCH_REPORT", "100", "the text"));
        assertEquals("the text", body(render(info("T", "report.md"), vs)));
        assertTrue(render(info("T", "report.md"), vs.subList(0, 4)).isEmpty());
    }

    @Test
    void noReportInfoMeansNoReport() {
        List<ManifestVersion> vs = List.of(version("r1", "r.md", "RESEARCH_REPORT", "1", "text"));
        assertTrue(render(null, vs).isEmpty());
        assertTrue(render(info("T", "r.md"), List.of()).isEmpty());
    }

    @Test
    void invalidUtf8IsReplacedNotFatal() {
        byte[] body = {'o', 'k', ' ', (byte) 0xff, ' ', 'e', 'n', 'd'};
        List<ManifestVersion> vs = List.of(version("r1", "r.md", "RESEARCH_REPORT", "1", body));
        assertEquals("ok \uFFFD end", body(render(info("T", "r.md"), vs)));
    }

    @Test
    void englishLabels() {
        Labels en = Labels.EN;
        List<ManifestVersion> vs = List.of(version("r1", "r.md", "RESEARCH_REPORT", "1", "text"));
        assertEquals("# Research report\n\n> Product file: r.md\n\ntext",
                ReportMd.render(info(null, "r.md"), vs, v -> bodies.get(v.uuid()), en).orElseThrow());
    }

    @Test
    void readsTheBodiesFromTheThreadDirectory(@TempDir Path thread) throws Exception {
        Files.createDirectories(thread.resolve("assets/files"));
        Files.writeString(thread.resolve("assets/files/r.md"), "from disk\n");
        Files.writeString(thread.resolve("secret.md"), "outside assets/files");
        Manifest m = new Manifest(List.of(
                new ManifestVersion("r.md", "escape", "RESEARCH_REPORT", "v1", "9", "assets/files/../../secret.md",
                        false, false, Map.of()),
                new ManifestVersion("r.md", "r1", "RESEARCH_REPORT", "v1", "1", "assets/files/r.md", false, false, Map.of())));
        assertEquals("# T\n\n> 产物文件: r.md\n\nfrom disk\n", ReportMd.render(info("T", "r.md"), m, thread, Labels.DEFAULT).orElseThrow());
    }

    private static String body(Optional<String> report) {
        String r = report.orElseThrow();
        return r.substring(r.lastIndexOf("\n\n") + 2);
    }
}

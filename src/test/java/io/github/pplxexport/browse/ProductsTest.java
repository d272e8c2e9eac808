package io.github.pplxexport.browse;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A thread's products as its page shows them: versions, kinds, the cut of long tables, untrusted text. */
class ProductsTest {
    @TempDir
    Path dir;

    static final String BASE = "/t/u/";
    static final String IN = "?in=a";

    Path files() throws Exception {
        return Files.createDirectories(dir.resolve("assets/files"));
    }

    void manifest(String json) throws Exception {
        Files.writeString(dir.resolve("assets/assets_manifest.json"), json, StandardCharsets.UTF_8);
    }

    static String version(String v, long created, String file) {
        return "{\"uuid\": \"x\", \"asset_type\": \"CODE_FILE\", \"version\": \"" + v + "\", \"created_at\": \"" + created
                + "\", \"downloaded_to\": \"" + file + "\"}";
    }

    String html() throws Exception {
        return Products.section(Products.read(dir, new ArchiveFiles(dir)), dir, BASE, IN, false, new MarkdownHtml());
    }

    @Test
    void theNewestVersionIsShownAndEveryVersionIsReachable() throws Exception {
        Files.writeString(files().resolve("t_v1.csv"), "a,b\n1,old\n");
        Files.writeString(files().resolve("t_v2.csv"), "a,b\n1,new\n");
        // the manifest's order is not the versions' order: created_at is
        manifest("{\"count\": 3, \"files\": [{\"filename\": \"t.csv\", \"n_versions\": 3, \"versions\": ["
                + version("v2", 200, "assets/files/t_v2.csv") + ", " + version("v1", 100, "assets/files/t_v1.csv") + ", "
                + version("v3", 300, "") + "]}]}");
        List<Products.Product> products = Products.read(dir, new ArchiveFiles(dir));
        assertEquals(1, products.size());
        assertEquals(List.of("v1", "v2", "v3"), products.get(0).versions().stream().map(Products.Version::label).toList());
        assertEquals("assets/files/t_v2.csv", products.get(0).shown().orElseThrow().file(), "v3 was never downloaded");
        String html = html();
        assertTrue(html.contains("<td>new</td>") && !html.contains("<td>old</td>"), html);
        assertTrue(html.contains("href=\"/t/u/assets/files/t_v1.csv?in=a\">v1</a>"), html);
        assertTrue(html.contains("class=\"version current\" href=\"/t/u/assets/files/t_v2.csv?in=a\">v2 (shown)</a>"), html);
        assertTrue(html.contains("<span class=\"version missing\" title=\"not downloaded\">v3</span>"), html);
    }

    @Test
    void aLongTableShowsItsFirst200RowsAndLinksTheRest() throws Exception {
        StringBuilder csv = new StringBuilder("n,v\n");
        for (int i = 1; i <= 250; i++) {
            csv.append(i).append(",x").append(i).append('\n');
        }
        Files.writeString(files().resolve("long.csv"), csv);
        Files.writeString(files().resolve("tabs.tsv"), "\uFEFFk\tv\nkey\t=SUM(A1:A9)\n");
        String html = html();
        assertTrue(html.contains("<td>x200</td>") && !html.contains("<td>x201</td>"), "200 rows after the header");
        assertTrue(html.contains("The first 200 rows; <a href=\"/t/u/assets/files/long.csv?in=a\">the whole file</a>"), html);
        assertTrue(html.contains("<thead><tr><th>k</th><th>v</th></tr></thead><tbody><tr><td>key</td><td>=SUM(A1:A9)</td></tr>"),
                "a TSV, its BOM dropped, a formula as text: " + html);
    }

    @Test
    void untrustedFilesAreTextImagesOrFramesNeverMarkupOfThePage() throws Exception {
        Files.writeString(files().resolve("bad.csv"), "a,b\n\"<script>alert(1)</script>,=cmd|' /C calc'!A0\n1,\"unterminated\n");
        Files.writeString(files().resolve("x.svg"), "<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>");
        Files.writeString(files().resolve("p.html"), "<script>alert(1)</script>");
        Files.writeString(files().resolve("c.py"), "print('</code></pre><script>alert(1)</script>')");
        Files.writeString(files().resolve("n.md"), "# N\n\n<script>alert(1)</script>\n\nmath $x$\n");
        Files.write(files().resolve("d.pdf"), "%PDF-1.4\n".getBytes(StandardCharsets.US_ASCII));
        Files.write(files().resolve("a.zip"), new byte[2048]);
        manifest("not json"); // a broken manifest: the files are still listed
        String html = html();
        assertFalse(html.contains("<script"), html);
        assertFalse(html.contains("<svg"), html);
        assertTrue(html.contains("<img src=\"/t/u/assets/files/x.svg?in=a\" alt=\"x.svg\">"), html);
        assertTrue(html.contains("<iframe sandbox class=\"product-html\" title=\"p.html\" src=\"/t/u/assets/files/p.html?in=a&amp;frame=1\">"), html);
        assertTrue(html.contains("<code class=\"language-python\">print(&#39;&lt;/code&gt;&lt;/pre&gt;&lt;script&gt;"), html);
        assertTrue(html.contains("<span class=\"math math-inline\">x</span>"), "Markdown rendered with its math: " + html);
        assertTrue(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;,=cmd|"), "the CSV that is no valid CSV, as text: " + html);
        assertTrue(html.contains("target=\"_blank\" rel=\"noopener noreferrer\" href=\"/t/u/assets/files/d.pdf?in=a\">Open d.pdf in the browser"), html);
        assertTrue(html.contains("Download a.zip</a> <span class=\"dim\">(2.0 KB, ZIP file)</span>"), html);
    }

    @Test
    void aQuerysWordsAreWhatAStepIsSearchedFor() {
        assertEquals(List.of("clean_books.py", "log-sum-exp trick", "西湖", "etag", "csv"),
                Steps.terms("steps:clean_books.py \"log-sum-exp trick\" mode:council -astro OR 西湖 title:ETag* account:bob space:\"Web notes\" (csv)"));
        assertEquals(List.of(), Steps.terms(""));
    }
}

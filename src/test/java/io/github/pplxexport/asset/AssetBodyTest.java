package io.github.pplxexport.asset;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What counts as the asset the CDN meant to send: a 200, as long as it declared, and no error page where the
 * asset is not itself HTML or XML; the same look finds an earlier run's damage on disk.
 */
class AssetBodyTest {
    private static final byte[] CSV = "date,amount\n2026-12-01,12.50\n".getBytes(StandardCharsets.UTF_8);
    /** What the replay's malformed fault sends, and what the operator's budget_v1.csv held. */
    private static final byte[] PAGE = "<html><body>replay: this 200 answer is not JSON</body></html>".getBytes(StandardCharsets.UTF_8);
    private static final byte[] S3_ERROR = ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Code>AccessDenied</Code>"
            + "<Message>Access denied</Message></Error>").getBytes(StandardCharsets.UTF_8);

    private static AssetVersion version(String filename, String url) {
        return new AssetVersion("a1", "CODE_FILE", filename, url, "100", "v1", 1, false);
    }

    private static final AssetVersion CSV_FILE = version("budget.csv", "http://cdn.example/w/a1/budget.csv?Signature=x");

    private static Optional<String> code(AssetVersion v, int status, String type, String length, byte[] body) {
        return AssetBody.problem(v, status, type, length, body).map(AssetBody.Problem::code);
    }

    @Test
    void theFileAsDeclaredIsAccepted() {
        assertEquals(Optional.empty(), code(CSV_FILE, 200, "text/csv", String.valueOf(CSV.length), CSV));
        assertEquals(Optional.empty(), code(CSV_FILE, 200, "text/csv", null, CSV), "chunked: no length to hold it to");
        assertEquals(Optional.empty(), code(CSV_FILE, 200, null, null, new byte[0]), "an empty file is a file");
    }

    @Test
    void aSuccessOtherThan200IsNotTheFile() {
        assertEquals(Optional.of(AssetBody.NOT_200), code(CSV_FILE, 206, "text/csv", null, CSV));
        assertEquals(Optional.of(AssetBody.NOT_200), code(CSV_FILE, 204, null, null, new byte[0]));
    }

    @Test
    void aBodyOfAnotherLengthThanDeclaredIsCutShort() {
        AssetBody.Problem p = AssetBody.problem(CSV_FILE, 200, "text/csv", "120", CSV).orElseThrow();
        assertEquals(AssetBody.CUT_SHORT, p.code());
        assertEquals(CSV.length + " of the 120 bytes declared", p.reason());
    }

    @Test
    void anHtmlPageIsNotACsvWhateverItsContentType() {
        AssetBody.Problem p = AssetBody.problem(CSV_FILE, 200, "application/json", String.valueOf(PAGE.length), PAGE).orElseThrow();
        assertEquals(AssetBody.ERROR_PAGE, p.code());
        assertEquals("an HTML page instead of the file (61 bytes)", p.reason());
        byte[] doctype = "\uFEFF  <!DOCTYPE html><html><title>Sign in</title></html>".getBytes(StandardCharsets.UTF_8);
        assertEquals(Optional.of(AssetBody.ERROR_PAGE), code(CSV_FILE, 200, "text/csv", null, doctype),
                "after a byte-order mark and white space too");
    }

    @Test
    void anS3ErrorDocumentIsNeverTheFileEvenForAnXmlAsset() {
        assertEquals(Optional.of(AssetBody.ERROR_PAGE), code(CSV_FILE, 200, "application/octet-stream", null, S3_ERROR));
        AssetVersion xml = version("feed.xml", "http://cdn.example/w/a1/feed.xml");
        assertEquals(Optional.of(AssetBody.ERROR_PAGE), code(xml, 200, "application/xml", null, S3_ERROR));
        byte[] feed = "<?xml version=\"1.0\"?><rss><channel/></rss>".getBytes(StandardCharsets.UTF_8);
        assertEquals(Optional.empty(), code(xml, 200, "application/xml", null, feed), "an XML asset may be XML");
    }

    @Test
    void markupAssetsMayBeMarkup() {
        AssetVersion html = version("report.html", "http://cdn.example/w/a1/report.html");
        assertEquals(Optional.empty(), code(html, 200, "text/html", null, PAGE));
        AssetVersion svg = version("chart", "http://cdn.example/w/a1/chart.svg");
        assertEquals(Optional.empty(), code(svg, 200, "image/svg+xml", null,
                "<svg xmlns=\"http://www.w3.org/2000/svg\"/>".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void aPageTypeMattersOnlyForABodyThatLooksLikeMarkup() {
        byte[] fragment = "<p>Service unavailable</p>".getBytes(StandardCharsets.UTF_8);
        assertEquals(Optional.of(AssetBody.ERROR_PAGE), code(CSV_FILE, 200, "text/html; charset=utf-8", null, fragment));
        assertEquals(Optional.empty(), code(CSV_FILE, 200, "text/html", null, CSV),
                "a CSV served with the wrong type is still the CSV: refusing it would lose it for good");
    }

    @Test
    void damageOnDiskIsAnErrorPageInAFileThatIsNotMarkup() {
        assertTrue(AssetBody.damage("budget_v1.csv", PAGE).isPresent(), "the operator's budget_v1.csv");
        assertTrue(AssetBody.damage("Spending_by_category.png", S3_ERROR).isPresent());
        assertEquals(Optional.empty(), AssetBody.damage("budget_v1.csv", CSV));
        assertEquals(Optional.empty(), AssetBody.damage("page.html", PAGE));
    }
}

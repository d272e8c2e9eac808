package io.github.pplxexport.browse;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import io.github.pplxexport.testkit.HeadlessChromium;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The web app in a real browser: Debian's headless Chromium driven through /usr/bin/chromedriver (never a
 * downloaded driver), one session for every check, with screenshots in target/screenshots/. Without the two
 * packages (a developer machine) the test is skipped; CI installs them (.ci/run).
 */
class ServeBrowserTest {
    static final Path SHOTS = Path.of("target/screenshots");

    @TempDir
    static Path tmp;
    static SampleServer server;
    static ChromeDriver browser;

    @BeforeAll
    static void start() throws IOException {
        HeadlessChromium.assumeInstalled();
        server = new SampleServer(tmp, Map.of());
        browser = HeadlessChromium.start(tmp.resolve("chromium-profile"));
        Files.createDirectories(SHOTS);
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.quit();
        }
        if (server != null) {
            server.close();
        }
    }

    static void shot(String name) throws IOException {
        File f = browser.getScreenshotAs(OutputType.FILE);
        Files.copy(f.toPath(), SHOTS.resolve(name + ".png"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    static WebDriverWait await() {
        return new WebDriverWait(browser, Duration.ofSeconds(15));
    }

    static Object js(String script) {
        return ((JavascriptExecutor) browser).executeScript(script);
    }

    @Test
    void aReaderBrowsesSearchesAndReads() throws IOException {
        // the library: every thread, newest first
        browser.get(server.base() + "/");
        List<WebElement> threads = browser.findElements(By.cssSelector("li.thread"));
        assertEquals(10, threads.size());
        shot("library");

        // filter by mode (the select applies itself)
        new Select(browser.findElement(By.name("mode"))).selectByValue("computer");
        await().until(d -> d.getCurrentUrl().contains("mode=computer"));
        List<WebElement> computer = browser.findElements(By.cssSelector("li.thread"));
        assertEquals(3, computer.size());
        assertTrue(computer.stream().allMatch(e -> "computer".equals(e.getAttribute("data-mode"))));

        // a Chinese term, typed as it is written
        search("西湖");
        List<WebElement> hits = browser.findElements(By.cssSelector("li.thread"));
        assertTrue(hits.get(0).getAttribute("data-uuid").startsWith("f51cae28"));
        assertFalse(hits.get(0).findElements(By.tagName("mark")).isEmpty(), "the match is marked");
        shot("search-chinese");

        // an English phrase, then open the result: the math is typeset by KaTeX
        search("\"log-sum-exp trick\"");
        hits = browser.findElements(By.cssSelector("li.thread"));
        assertTrue(hits.get(0).getAttribute("data-uuid").startsWith("11d645e5"));
        shot("search-english");
        hits.get(0).findElement(By.cssSelector("a.title")).click();
        await().until(d -> !d.findElements(By.cssSelector(".math .katex")).isEmpty());
        assertTrue(browser.findElements(By.cssSelector(".math-display .katex-display")).size() >= 2, "display formulas");
        assertTrue(browser.findElements(By.cssSelector(".math-inline .katex")).size() >= 5, "inline formulas");
        assertTrue(browser.findElements(By.cssSelector(".math-error, .katex-error")).isEmpty(), "every formula typesets");
        shot("thread-math");

        // a computer thread's workflow: a <details> opens
        search("咖啡豆");
        browser.findElement(By.cssSelector("li.thread a.title")).click();
        WebElement details = browser.findElement(By.cssSelector(".markdown details"));
        assertNull(details.getAttribute("open"));
        WebElement body = details.findElement(By.xpath("./*[not(self::summary)]"));
        assertFalse(body.isDisplayed(), "closed at first");
        details.findElement(By.tagName("summary")).click();
        await().until(d -> details.getAttribute("open") != null);
        assertTrue(body.isDisplayed());
        shot("thread-details");

        // an asset link of the budget thread is followed and served
        search("budget tracker");
        browser.findElement(By.cssSelector("li.thread a.title")).click();
        WebElement csv = browser.findElements(By.cssSelector("a.asset")).stream()
                .filter(a -> a.getText().equals("budget_v2.csv")).findFirst().orElseThrow();
        shot("thread-assets");
        csv.click();
        await().until(d -> d.getCurrentUrl().contains("budget_v2.csv"));
        assertTrue(browser.findElement(By.tagName("body")).getText().contains(","), "the CSV's text is shown");

        // a hostile thread: its <script>, onerror and javascript: link run nothing
        browser.get(server.base() + "/t/" + SampleServer.HOSTILE_UUID);
        assertTrue(browser.getPageSource().contains("window.pwned"), "the text is there, as text");
        for (WebElement a : browser.findElements(By.cssSelector(".markdown a"))) {
            String href = a.getAttribute("href");
            assertTrue(href == null || href.isEmpty() || href.startsWith("http"), "link " + href);
            if (href == null || href.isEmpty()) {
                a.click();
            }
        }
        browser.findElement(By.cssSelector(".markdown summary")).click();
        assertNull(js("return window.pwned === undefined ? null : String(window.pwned);"), "a script of the archive ran");
        shot("hostile-thread");
        browser.get(server.base() + "/t/" + SampleServer.HOSTILE_UUID + "/assets/files/page.html");
        assertNull(js("return window.pwned === undefined ? null : String(window.pwned);"), "an HTML asset ran");
    }

    static final String BUDGET = "/t/451dd14f-80a9-4304-998e-b680332d638c";
    static final String READING_LIST = "/t/8220bd65-0a1f-4fcf-b916-7f33f929a3b6";
    static final String BLOOM = "/t/5b409cb0-98e3-4f6a-9820-70408cb50b7f";
    static final String COUNCIL = "/t/dbe66582-45b8-40ee-abeb-61f0be6cd242";

    @Test
    void aComputerThreadShowsItsChartItsTablesAndItsSteps() throws Exception {
        // the chart is an image of the file, decoded
        browser.get(server.base() + BUDGET);
        WebElement chart = browser.findElement(By.cssSelector("figure.kind-image img"));
        await().until(d -> Boolean.TRUE.equals(js("var i = document.querySelector('figure.kind-image img');"
                + " return i.complete && i.naturalWidth > 0;")));
        assertTrue(((Number) js("return document.querySelector('figure.kind-image img').naturalWidth;")).intValue() > 0);
        assertEquals("Spending by category", chart.getAttribute("alt"));
        // budget.csv: its newest version as a table, every version reachable
        WebElement table = browser.findElement(By.cssSelector("figure.kind-table table.csv"));
        assertEquals(List.of("month", "category", "amount_eur", "share"),
                table.findElements(By.cssSelector("thead th")).stream().map(WebElement::getText).toList());
        assertEquals(5, table.findElements(By.cssSelector("tbody tr")).size(), "v2 has five categories");
        assertTrue(table.getText().contains("utilities"));
        List<WebElement> versions = browser.findElements(By.cssSelector("figure.kind-table a.version"));
        assertEquals(List.of("v1", "v2 (shown)"), versions.stream().map(WebElement::getText).toList());
        assertTrue(server.get(versions.get(0).getAttribute("href").substring(server.base().length())).body().contains("groceries"));
        js("document.getElementById('turn-2').scrollIntoView();");
        shot("thread-computer-products");

        // a search's hit in a workflow step: the thread opens with that step open, the others closed
        search("Piranesi");
        WebElement first = browser.findElements(By.cssSelector("li.thread a.title")).get(0);
        assertTrue(first.getAttribute("href").contains("8220bd65"), first.getAttribute("href"));
        first.click();
        WebElement hit = browser.findElement(By.id("turn-2-step-5"));
        assertEquals("true", hit.getAttribute("open"), "the step holding the word is open");
        assertTrue(hit.findElement(By.cssSelector(".step-body")).isDisplayed());
        assertTrue(hit.getText().contains("Piranesi"));
        js("document.getElementById('turn-2-work').scrollIntoView();");
        shot("thread-computer-steps");
        WebElement closed = browser.findElement(By.id("turn-2-step-2"));
        assertNull(closed.getAttribute("open"), "a step without it stays closed");
        // every step opens by itself
        closed.findElement(By.tagName("summary")).click();
        await().until(d -> closed.getAttribute("open") != null);
        assertTrue(closed.findElement(By.cssSelector(".step-body pre")).isDisplayed());
        // an anchor opens its step and the turn's steps around it
        browser.get(server.base() + READING_LIST + "#turn-2-step-7");
        WebElement nested = browser.findElement(By.id("turn-2-step-7"));
        await().until(d -> nested.getAttribute("open") != null);
        assertEquals("true", browser.findElement(By.id("turn-2-work")).getAttribute("open"));
        assertNull(browser.findElement(By.id("turn-1-work")).getAttribute("open"), "collapsed by default");
        assertFalse(nested.findElements(By.cssSelector(".step-body details")).isEmpty(), "the renderer's nested workflow");

        // a council: its members' answers, one after the other, each in its own <details>
        browser.get(server.base() + COUNCIL + "#turn-1-step-1");
        WebElement council = browser.findElement(By.id("turn-1-step-1"));
        await().until(d -> council.getAttribute("open") != null);
        List<WebElement> members = council.findElements(By.cssSelector(".step-body details > summary strong"));
        assertEquals(3, members.size(), "three members, their names in bold");
        members.get(0).click();
        assertTrue(council.findElement(By.cssSelector(".step-body details[open]")).getText().contains("Hugo"));
        shot("thread-council-steps");
    }

    @Test
    void aDeepResearchReportIsShownWithItsMathTypeset() throws IOException {
        browser.get(server.base() + BLOOM);
        await().until(d -> !d.findElements(By.cssSelector("section.report .math .katex")).isEmpty());
        assertTrue(browser.findElements(By.cssSelector("section.report .katex-error, section.report .math-error")).isEmpty());
        assertTrue(browser.findElement(By.cssSelector("section.report")).getText().contains("Bloom filter sizing"));
        assertFalse(browser.findElements(By.cssSelector("section.report pre code")).isEmpty(), "the report's Python");
        js("document.getElementById('report').scrollIntoView();");
        shot("thread-report");
    }

    @Test
    void hostileProductsAndStepsRunNothingAndFetchNothingElsewhere() throws Exception {
        // another host: a server on another port of 127.0.0.1 that counts what the page would fetch from it
        List<String> fetched = new java.util.concurrent.CopyOnWriteArrayList<>();
        com.sun.net.httpserver.HttpServer elsewhere = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress("127.0.0.1", 0), 0);
        elsewhere.createContext("/", ex -> {
            fetched.add(ex.getRequestURI().toString());
            ex.sendResponseHeaders(204, -1);
            ex.close();
        });
        elsewhere.start();
        try {
            String other = "http://127.0.0.1:" + elsewhere.getAddress().getPort();
            HostileProducts.plant(server.archive.resolve(SampleServer.HOSTILE_DIR), other);
            browser.get(server.base() + "/t/" + SampleServer.HOSTILE_UUID);
            await().until(d -> !d.findElements(By.cssSelector("iframe.product-html")).isEmpty());
            Thread.sleep(700); // the frame, the images: whatever they would fetch
            assertThrows(org.openqa.selenium.NoAlertPresentException.class, () -> browser.switchTo().alert(), "an alert ran");
            assertNull(js("return window.pwned === undefined ? null : String(window.pwned);"), "a script of the archive ran");
            // the CSV's cells are text
            WebElement csv = browser.findElement(By.cssSelector("figure.kind-table table.csv"));
            assertTrue(csv.getText().contains("=HYPERLINK("), csv.getText());
            assertTrue(csv.getText().contains("<script>window.pwned='csv'</script>"), csv.getText());
            assertTrue(csv.findElements(By.cssSelector("script, img")).isEmpty());
            String pdfLink = browser.findElement(By.cssSelector("figure.kind-pdf a.pdf")).getAttribute("href");
            // the code is highlighted, as text
            WebElement code = browser.findElement(By.cssSelector("figure.kind-code pre.product-code code"));
            await().until(d -> code.getAttribute("class").contains("hljs"));
            assertTrue(code.getText().contains("</code></pre><script>"), code.getText());
            // the SVG is an image of the file, never markup of the page
            assertTrue(browser.findElements(By.cssSelector("svg")).stream().noneMatch(e -> "evil".equals(e.getAttribute("id"))));
            assertFalse(browser.findElements(By.cssSelector("figure.kind-image img[src*='evil.svg']")).isEmpty());
            // the step title's markup is text
            WebElement step = browser.findElement(By.id("turn-1-step-1"));
            assertTrue(step.getAttribute("textContent").contains("<img"), step.getAttribute("textContent"));
            browser.findElement(By.cssSelector("#turn-1-work > summary")).click();
            step.findElement(By.tagName("summary")).click();
            // the HTML product: a sandboxed frame that runs nothing, even its own window
            WebElement frame = browser.findElement(By.cssSelector("iframe.product-html"));
            assertEquals("", frame.getAttribute("sandbox"), "no permission at all");
            browser.switchTo().frame(frame);
            assertTrue(browser.findElement(By.tagName("body")).getText().contains("hostile page"), "the frame shows the page");
            // a reader's clicks: the form, a link out of the page, a link in the frame (the page's frame-src holds it)
            for (String id : List.of("go", "leave", "away")) {
                browser.findElement(By.id(id)).click();
            }
            browser.switchTo().defaultContent();
            js("document.getElementById('products').scrollIntoView();");
            shot("hostile-products");
            // opened by itself, the frame's page is sandboxed by its own policy
            browser.get(server.base() + "/t/" + SampleServer.HOSTILE_UUID + "/assets/files/evil.html?frame=1");
            assertThrows(org.openqa.selenium.NoAlertPresentException.class, () -> browser.switchTo().alert());
            assertNull(js("return window.pwned === undefined ? null : String(window.pwned);"), "the HTML product ran");
            browser.get(server.base() + "/t/" + SampleServer.HOSTILE_UUID + "/assets/files/evil.svg");
            assertNull(js("return window.pwned === undefined ? null : String(window.pwned);"), "the SVG ran");
            // a PDF opens in the browser's viewer
            browser.get(pdfLink);
            assertEquals("application/pdf", js("return document.contentType;"));
            // sandboxed like every asset, yet the viewer draws the page (white on its grey; a PDF it refused stays grey)
            await().until(d -> whiteShare() > 0.02);
            shot("product-pdf");
            Thread.sleep(300);
            assertEquals(List.of(), fetched, "fetched from another host");
        } finally {
            elsewhere.stop(0);
        }
    }

    /** The share of (nearly) white pixels in a screenshot of the window. */
    static double whiteShare() {
        try {
            java.awt.image.BufferedImage img = javax.imageio.ImageIO.read(
                    new java.io.ByteArrayInputStream(browser.getScreenshotAs(OutputType.BYTES)));
            int white = 0;
            int all = 0;
            for (int y = 0; y < img.getHeight(); y += 4) {
                for (int x = 0; x < img.getWidth(); x += 4, all++) {
                    int rgb = img.getRGB(x, y);
                    if (((rgb >> 16) & 0xff) > 240 && ((rgb >> 8) & 0xff) > 240 && (rgb & 0xff) > 240) {
                        white++;
                    }
                }
            }
            return (double) white / all;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    static void search(String q) {
        WebElement box = browser.findElement(By.id("q"));
        box.clear();
        box.sendKeys(q);
        box.submit();
        await().until(d -> d.getCurrentUrl().contains("/search?q="));
    }
}

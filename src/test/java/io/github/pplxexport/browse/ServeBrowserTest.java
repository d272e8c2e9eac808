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

    static void search(String q) {
        WebElement box = browser.findElement(By.id("q"));
        box.clear();
        box.sendKeys(q);
        box.submit();
        await().until(d -> d.getCurrentUrl().contains("/search?q="));
    }
}

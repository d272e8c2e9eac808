package io.github.pplxexport.testkit;

import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Debian's headless Chromium driven through /usr/bin/chromedriver (never a downloaded driver), for the tests that
 * need a real browser. Without the two packages (a developer machine) such a test is skipped; CI installs them
 * (.ci/run) and must run it.
 */
public final class HeadlessChromium {
    public static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    public static final Path DRIVER = Path.of("/usr/bin/chromedriver");
    /** Held: java.util.logging keeps its loggers weakly, and the level would go with a collected one. */
    static final java.util.logging.Logger SELENIUM_LOG = java.util.logging.Logger.getLogger("org.openqa.selenium");

    static {
        // Selenium must not look for a driver of its own (no download, no network)
        System.setProperty("webdriver.chrome.driver", DRIVER.toString());
        System.setProperty("SE_AVOID_STATS", "true");
        // "Unable to find CDP implementation matching 156": the tests use WebDriver only, no DevTools
        SELENIUM_LOG.setLevel(java.util.logging.Level.OFF);
    }

    private HeadlessChromium() {
    }

    /** Skips the test when the packages are missing (fails it on CI). */
    public static void assumeInstalled() {
        boolean installed = Files.isExecutable(CHROMIUM) && Files.isExecutable(DRIVER);
        String missing = "chromium and chromium-driver are not installed (apt-get install chromium chromium-driver)";
        if ("true".equals(System.getenv("CI"))) {
            assertTrue(installed, missing + "; .ci/run installs them"); // CI must run it
        }
        Assumptions.assumeTrue(installed, missing);
    }

    /** A new browser with its profile in {@code profile} and {@code extraArguments} (a proxy, for one). */
    public static ChromeDriver start(Path profile, String... extraArguments) throws IOException {
        assumeInstalled();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1280,900", "--lang=en-US",
                "--user-data-dir=" + Files.createDirectories(profile));
        options.addArguments(List.of(extraArguments));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(DRIVER.toFile()).usingAnyFreePort().build();
        ChromeDriver browser = new ChromeDriver(service, options);
        browser.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
        return browser;
    }
}

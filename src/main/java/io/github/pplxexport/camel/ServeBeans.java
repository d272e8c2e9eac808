package io.github.pplxexport.camel;

import io.github.pplxexport.browse.Access;
import io.github.pplxexport.browse.BrowseApp;
import io.github.pplxexport.search.SearchIndex;
import org.apache.camel.BindToRegistry;
import org.apache.camel.CamelConfiguration;
import org.apache.camel.CamelContext;
import org.apache.camel.PropertyInject;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Properties;
import java.util.function.Supplier;

/**
 * The beans of the serve routes (routes/serve.camel.yaml): the web app and the index catch-up, over the archive of
 * {@code pplx.archive.root}. Nothing is opened until the first request or catch-up: the commands that load the
 * serve routes without starting them ({@code sync}, {@code batch}, …) never touch the index.
 */
public class ServeBeans implements CamelConfiguration {
    @PropertyInject("pplx.archive.root")
    String archiveRoot;
    @PropertyInject("pplx.serve.token")
    String token;
    @PropertyInject("pplx.index.lock-wait-ms")
    long lockWaitMs;

    private SearchIndex index;

    synchronized SearchIndex index() {
        if (index == null) {
            try {
                index = SearchIndex.open(Path.of(archiveRoot));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return index;
    }

    /** serve's one search index, for the MCP tools it answers at /mcp (McpOverHttp): no second reader of it. */
    @BindToRegistry("serveIndex")
    public Supplier<SearchIndex> serveIndex() {
        return this::index;
    }

    @BindToRegistry
    public BrowseHttp browseHttp() {
        return new BrowseHttp(() -> {
            try {
                return new BrowseApp(index(), new Access(token), webJarVersion("katex"), webJarVersion("highlightjs"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** The catch-up of routes/serve.camel.yaml: at start and on its schedule, never two at once. */
    @BindToRegistry
    public ServeCatchUp serveCatchUp(CamelContext context) {
        return new ServeCatchUp(this::index, new PipelineStop(context), Duration.ofMillis(lockWaitMs));
    }

    /** The version of a WebJar the pages serve, as the build wrote it down ("" when unknown: the pages still work). */
    static String webJarVersion(String name) {
        Properties p = new Properties();
        try (InputStream in = ServeBeans.class.getResourceAsStream("/pplx-export-version.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            // the pages still work; the math stays as TeX
        }
        return p.getProperty(name, "");
    }
}

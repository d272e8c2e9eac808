package io.github.pplxexport.camel;

import io.github.pplxexport.export.BatchSummary;
import io.github.pplxexport.export.ExportRequest;
import io.github.pplxexport.export.ThreadUrls;
import io.github.pplxexport.mcp.AgentArchive;
import io.github.pplxexport.mcp.IndexReadiness;
import io.github.pplxexport.mcp.ToolException;
import io.github.pplxexport.search.SearchIndex;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Bean {@code mcpArchive} of routes/mcp.camel.yaml: the archive as the MCP tools read it ({@link AgentArchive}), and
 * the export tool's request and answer. Made on first use: the other commands load the mcp routes stopped and never
 * touch it. The {@code mcp} command hands it the archive it opened ({@link #use}); {@code serve} and {@code run} hand it
 * serve's own index ({@link #useIndex}).
 */
public final class McpArchive {
    private final Path root;
    private volatile AgentArchive archive;
    private volatile String account;

    McpArchive(Path root) {
        this.root = root;
    }

    /** The archive, its index and readiness as the command opened them. */
    public void use(AgentArchive a) {
        this.archive = a;
    }

    /** The account the export tool fetches as (the session check's answer). */
    public void account(String resolved) {
        this.account = resolved;
    }

    /** The archive read through an index that is already open and kept current (serve's, for /mcp). */
    public synchronized void useIndex(Supplier<SearchIndex> index) {
        try {
            IndexReadiness ready = new IndexReadiness(0);
            ready.ready();
            archive = new AgentArchive(root, index, ready);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public synchronized AgentArchive archive() {
        if (archive == null) {
            try {
                SearchIndex index = SearchIndex.open(root);
                useIndex(() -> index);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return archive;
    }

    public Map<String, Object> search(Map<String, Object> args) throws IOException {
        return archive().search(args);
    }

    public AgentArchive.Page read(Map<String, Object> args) throws IOException {
        return archive().read(args);
    }

    public Map<String, Object> list(Map<String, Object> args) throws IOException {
        return archive().list(args);
    }

    public Map<String, Object> related(Map<String, Object> args) throws IOException {
        return archive().related(args);
    }

    public AgentArchive.ResourcePage resources(String cursor) throws IOException {
        return archive().resources(cursor);
    }

    /** A resource's content, or null (the tool says resource not found). */
    public AgentArchive.Content resource(String uri) throws IOException {
        return archive().resource(uri).orElse(null);
    }

    /** The export of {@code {thread}}: forced, as the export command with --force. */
    public ExportRequest exportRequest(Map<String, Object> args) {
        Object t = args.get("thread");
        String uuid;
        try {
            uuid = ExportRequest.parseUuid(t instanceof String s ? s : "");
        } catch (IllegalArgumentException e) {
            throw new ToolException("thread must be a thread uuid or URL, got '" + t + "'.");
        }
        String url = t.toString().startsWith("http") ? t.toString() : ThreadUrls.canonical(uuid, false);
        return new ExportRequest(account, uuid, url, null, false);
    }

    /** What the export did: where the thread went (relative to the archive), its report and assets. */
    public Map<String, Object> exported(ExportRequest request, BatchSummary summary, Path threadDir) throws IOException {
        if (summary.fail() > 0 || summary.ok() == 0 || threadDir == null) {
            throw new ToolException("The export of " + request.uuid() + " failed (see the server's log).");
        }
        String to = root.toAbsolutePath().normalize().relativize(threadDir.toAbsolutePath().normalize()).toString().replace('\\', '/');
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("uuid", request.uuid());
        out.put("status", "exported");
        out.put("archived_to", to);
        out.putAll(archive().products(to));
        return out;
    }
}

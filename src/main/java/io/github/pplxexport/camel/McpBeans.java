package io.github.pplxexport.camel;

import org.apache.camel.BindToRegistry;
import org.apache.camel.CamelConfiguration;
import org.apache.camel.PropertyInject;

import java.nio.file.Path;

/**
 * The beans of routes/mcp.camel.yaml (the MCP tools' routes), bound wherever those routes are loaded: made on first
 * use, so a command that loads the routes stopped opens nothing.
 */
public class McpBeans implements CamelConfiguration {
    @PropertyInject("pplx.archive.root")
    String archiveRoot;

    @BindToRegistry
    public McpArchive mcpArchive() {
        return new McpArchive(Path.of(archiveRoot).toAbsolutePath().normalize());
    }
}

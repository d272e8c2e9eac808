package io.github.pplxexport.cli;

import picocli.CommandLine;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** {@code --version}: the project version stamped into the jar at build time. */
public class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() throws IOException {
        Properties p = new Properties();
        try (InputStream in = VersionProvider.class.getResourceAsStream("/pplx-export-version.properties")) {
            if (in != null) {
                p.load(in);
            }
        }
        return new String[]{"pplx-export " + p.getProperty("version", "dev")
                + " (Apache Camel " + p.getProperty("camel", "?") + ", Java " + Runtime.version().feature() + ")"};
    }
}

package io.github.pplxexport.sample;

import io.github.pplxexport.archive.FileTrees;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;

/**
 * The project's own sample library ({@code archive-sample/}): taken from the working directory when run
 * from a checkout, else from the copy packaged in the jar, so demo and bench run from anywhere.
 */
public final class SampleArchive {
    public static final String NAME = "archive-sample";

    private SampleArchive() {
    }

    /** A readable directory holding the sample; a packaged copy is extracted under {@code scratch}. */
    public static Path locate(Path scratch) throws IOException {
        Path local = Paths.get(NAME);
        if (Files.isDirectory(local)) {
            return local.toAbsolutePath().normalize();
        }
        URL url = SampleArchive.class.getClassLoader().getResource(NAME);
        if (url == null) {
            throw new IOException("the sample archive is neither in ./" + NAME + " nor in the jar");
        }
        try {
            URI uri = url.toURI();
            if (!"jar".equals(uri.getScheme())) {
                return Paths.get(uri);
            }
            FileSystem fs;
            try {
                fs = FileSystems.newFileSystem(uri, Map.of());
            } catch (FileSystemAlreadyExistsException e) {
                fs = FileSystems.getFileSystem(uri);
            }
            Path target = scratch.resolve(NAME);
            FileTrees.copy(fs.getPath(NAME), target);
            return target;
        } catch (URISyntaxException e) {
            throw new IOException(e);
        }
    }
}

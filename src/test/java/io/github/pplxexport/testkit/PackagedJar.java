package io.github.pplxexport.testkit;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the {@code *IT} tests run as users do: the packaged jar (failsafe's {@code pplx.jar}) and this JVM's java. */
public final class PackagedJar {
    private PackagedJar() {
    }

    /** {@code target/pplx-export.jar}, absolute; fails the test when it was not built. */
    public static Path jar() {
        Path jar = Paths.get(System.getProperty("pplx.jar", "target/pplx-export.jar")).toAbsolutePath();
        assertTrue(Files.isRegularFile(jar), "the packaged jar: " + jar);
        return jar;
    }

    /** The java binary of the running JVM. */
    public static String java() {
        return Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    }
}

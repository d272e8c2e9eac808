package io.github.pplxexport.archive;

import java.nio.charset.StandardCharsets;

/**
 * One derived file of the archive on its way to the products sink (route {@code write-products}): its name
 * relative to the archive root ({@code alice/search/<dir>/turns/turn_0001.md}, always with {@code /}), which
 * becomes the {@code CamelFileName} of the {@code file:} endpoint, and its bytes.
 */
public record ProductFile(String name, byte[] content) {
    public static ProductFile text(String name, String text) {
        return new ProductFile(name, text.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public String toString() {
        return name + " (" + content.length + " bytes)";
    }
}

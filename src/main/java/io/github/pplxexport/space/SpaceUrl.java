package io.github.pplxexport.space;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

/** A space's slug from what a user pastes: {@code https://www.perplexity.ai/spaces/<slug>}, a path, or the slug. */
public final class SpaceUrl {
    private SpaceUrl() {
    }

    /** The slug; an IllegalArgumentException (one line) for anything that has none. */
    public static String slug(String url) {
        String s = url == null ? "" : url.strip();
        int cut = s.indexOf('?');
        s = cut >= 0 ? s.substring(0, cut) : s;
        cut = s.indexOf('#');
        s = cut >= 0 ? s.substring(0, cut) : s;
        while (s.endsWith("/")) {
            s = s.substring(0, s.length() - 1);
        }
        for (String marker : new String[]{"/spaces/", "/collections/"}) {
            int at = s.indexOf(marker);
            if (at >= 0) {
                s = s.substring(at + marker.length());
                break;
            }
        }
        s = URLDecoder.decode(s, StandardCharsets.UTF_8);
        if (s.isEmpty() || s.contains("/") || s.contains(":") || s.isBlank()) {
            throw new IllegalArgumentException("not a space URL or slug: " + url
                    + " (expected https://www.perplexity.ai/spaces/<slug>)");
        }
        return s;
    }

    /** Where a thread is asked ({@code ask --space}, {@code [[asks]] space}): null for none or {@code home}, else the slug. */
    public static String slugOrHome(String space) {
        return space == null || space.isBlank() || space.strip().equals("home") ? null : slug(space);
    }

    /** The index file's name part: the slug with anything but letters, digits, '-', '_' and '.' as '_'. */
    public static String fileSafe(String slug) {
        return slug.replaceAll("[^\\p{L}\\p{N}._-]", "_");
    }
}

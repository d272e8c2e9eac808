package io.github.pplxexport.export;

/** Canonical thread URLs written to thread.json (always the public site, whatever base URL was used). */
public final class ThreadUrls {
    public static final String SITE = "https://www.perplexity.ai";

    private ThreadUrls() {
    }

    public static String canonical(String uuid, boolean computer) {
        return SITE + (computer ? "/computer/tasks/" : "/search/") + uuid;
    }
}

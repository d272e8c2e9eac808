package io.github.pplxexport.search;

/**
 * The library's filters, also the search's facets: each null or blank means "any".
 *
 * @param from first day (epoch ms, inclusive), 0 for none
 * @param to   last day (epoch ms of its start, inclusive), 0 for none
 */
public record ThreadFilter(String mode, String account, String space, long from, long to) {
    public static final ThreadFilter NONE = new ThreadFilter(null, null, null, 0, 0);

    public boolean isEmpty() {
        return blank(mode) && blank(account) && blank(space) && from == 0 && to == 0;
    }

    static boolean blank(String s) {
        return s == null || s.isBlank();
    }
}
